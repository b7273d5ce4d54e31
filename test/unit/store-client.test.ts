import { describe, expect, it } from 'vitest';
import { documentClient } from '../../packages/store/src/kernel/client.ts';

describe("the store's DynamoDB client", () => {
  it("gives the SDK a logger without `info`, so no call's input and output are filtered for a log nobody writes", async () => {
    const client = documentClient({ region: 'local', endpoint: 'http://127.0.0.1:1' });
    const logger = client.config.logger as unknown as Record<string, unknown>;
    expect(logger.info).toBeUndefined();
    // Errors still reach a logger (the SDK calls `error` when a call fails).
    expect(typeof logger.error).toBe('function');
  });

  it('keeps a logger the caller gives', () => {
    const mine = { debug() {}, info() {}, warn() {}, error() {} };
    const client = documentClient({ region: 'local', logger: mine });
    expect(client.config.logger).toBe(mine);
  });
});
