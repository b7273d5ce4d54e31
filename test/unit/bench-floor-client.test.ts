import { describe, expect, it } from 'vitest';
import { documentClient } from '../../packages/store/src/kernel/client.ts';
import { floorClient } from '../bench/storage-floor.ts';

describe("the storage floor's client", () => {
  it("logs as the service's client does: no filtering of inputs and outputs for an info log", () => {
    const floor = floorClient('http://localhost:1');
    const service = documentClient({ endpoint: 'http://localhost:1', region: 'ap-southeast-2' });
    try {
      expect(floor.config.logger).toBe(service.config.logger);
      expect(floor.config.logger.info).toBeUndefined();
    } finally {
      floor.destroy();
      service.destroy();
    }
  });
});
