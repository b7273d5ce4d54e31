import { describe, expect, it } from 'vitest';
import { floorClient } from '../bench/storage-floor.ts';

describe("the storage floor's client", () => {
  it("is made as the functions' clients are: the standard retry mode, their logger and HTTP timeouts", async () => {
    const floor = floorClient('http://localhost:1');
    try {
      expect(await floor.config.retryStrategy()).toMatchObject({ mode: 'standard' });
      // Their logger has no `info`: the SDK filters no call's input and output for a log.
      expect(floor.config.logger.info).toBeUndefined();
      const handler = floor.config.requestHandler as unknown as {
        configProvider: Promise<Record<string, unknown>>;
      };
      expect(await handler.configProvider).toMatchObject({ connectionTimeout: 1_000, requestTimeout: 5_000 });
    } finally {
      floor.destroy();
    }
  });
});
