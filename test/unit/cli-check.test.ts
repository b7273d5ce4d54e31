import { describe, expect, it } from 'vitest';
import { type ApiClient, ApiError } from '../../packages/cli/src/api-client.ts';
import { checkStack } from '../../packages/cli/src/check-stack.ts';

/** An API that answers the check's first steps and fails the refund with a 500. */
const failingAtRefund = () => {
  const calls: string[] = [];
  const answers: Record<string, unknown> = {
    'GET /1/balance': { available: [] },
    'POST /1/cards': { token: 'card_1' },
    'POST /1/webhook_endpoints': { token: 'whe_1' },
    'POST /1/charges': { token: 'ch_1', amount: 1000, currency: 'AUD' },
    'DELETE /1/webhook_endpoints/whe_1': null,
  };
  const api: ApiClient = {
    baseUrl: 'https://api.example/test',
    key: 'sk_test_1',
    send: async () => ({ status: 500, body: null }),
    call: async (method, path) => {
      const call = `${method} ${path}`;
      calls.push(call);
      if (call in answers) return { response: answers[call] };
      throw new ApiError(500, { error: 'server_error', error_description: 'Something broke' });
    },
  };
  return { api, calls };
};

describe('wattle check', () => {
  it('stops at the failing step and still deletes the webhook endpoint it made', async () => {
    const { api, calls } = failingAtRefund();
    const printed: string[] = [];
    const passed = await checkStack(api, {
      webhookUrl: 'https://hooks.example/',
      print: (line) => printed.push(line),
      signal: new AbortController().signal,
    });
    expect(passed).toBe(false);
    expect(
      printed.map((line) =>
        line
          .split(/\s{2,}/)
          .slice(0, 2)
          .join(' | '),
      ),
    ).toEqual([
      'ok | key and balance',
      'ok | card stored',
      'ok | webhook endpoint',
      'ok | charge captured',
      'FAILED refund | 500 server_error: Something broke',
    ]);
    expect(calls.at(-1)).toBe('DELETE /1/webhook_endpoints/whe_1');
    expect(calls).not.toContain('GET /1/webhooks');
  });

  it('refuses a key of the live environment before making anything', async () => {
    const { api, calls } = failingAtRefund();
    const live = { ...api, key: 'sk_live_1' };
    await expect(
      checkStack(live, {
        webhookUrl: 'https://hooks.example/',
        print: () => {},
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('check runs in the test environment');
    expect(calls).toEqual([]);
  });
});
