import { describe, expect, it } from 'vitest';
import { awsTimeoutsOf } from '../../packages/runtime/src/aws-clients.ts';
import { floorClient } from '../bench/storage-floor.ts';

describe("the storage floor's client", () => {
  it("is made as the functions' clients are: the standard retry mode, their logger and HTTP timeouts", async () => {
    const floor = floorClient('http://localhost:1', 'local');
    try {
      expect(await floor.config.retryStrategy()).toMatchObject({ mode: 'standard' });
      // Their logger has no `info`: the SDK filters no call's input and output for a log.
      expect(floor.config.logger.info).toBeUndefined();
      const handler = floor.config.requestHandler as unknown as {
        configProvider: Promise<Record<string, unknown>>;
      };
      // The functions' timeouts in this environment (AWS's, or the local stack's once one has set its own).
      expect(await handler.configProvider).toMatchObject(awsTimeoutsOf());
    } finally {
      floor.destroy();
    }
  });
});
