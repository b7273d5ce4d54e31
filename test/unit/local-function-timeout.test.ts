import { describe, expect, it } from 'vitest';
import { invokeTimeoutMsOf } from '../../packages/local/src/gateway.ts';

describe("the local stack's function timeout (WATTLE_FUNCTION_TIMEOUT_MS)", () => {
  it("is API Gateway's 30 s unless the environment sets it", () => {
    expect(invokeTimeoutMsOf({})).toBe(30_000);
    expect(invokeTimeoutMsOf({ WATTLE_FUNCTION_TIMEOUT_MS: '9000' })).toBe(9_000);
  });

  it('ignores a setting that is no positive whole number of milliseconds', () => {
    for (const value of ['', '0', '-5', '2.5', 'soon'])
      expect(invokeTimeoutMsOf({ WATTLE_FUNCTION_TIMEOUT_MS: value })).toBe(30_000);
  });
});
