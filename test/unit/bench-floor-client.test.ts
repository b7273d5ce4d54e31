import { describe, expect, it } from 'vitest';
import { floorClient } from '../bench/storage-floor.ts';

describe("the storage floor's client", () => {
  it('gives the SDK a logger without `info`, so no call is filtered for a log nobody writes', () => {
    const floor = floorClient('http://localhost:1');
    try {
      expect(floor.config.logger.info).toBeUndefined();
      // Errors still reach a logger (the SDK calls `error` when a call fails).
      expect(typeof floor.config.logger.error).toBe('function');
    } finally {
      floor.destroy();
    }
  });
});
