import { describe, expect, it } from 'vitest';
import { floorClient } from '../bench/storage-floor.ts';

describe("the storage floor's client", () => {
  it("is made as the functions' clients are: the standard retry mode and their HTTP timeouts", async () => {
    const floor = floorClient('http://localhost:1');
    try {
      expect(await floor.config.retryStrategy()).toMatchObject({ mode: 'standard' });
      const handler = floor.config.requestHandler as unknown as {
        configProvider: Promise<Record<string, unknown>>;
      };
      expect(await handler.configProvider).toMatchObject({ connectionTimeout: 1_000, requestTimeout: 5_000 });
    } finally {
      floor.destroy();
    }
  });
});
