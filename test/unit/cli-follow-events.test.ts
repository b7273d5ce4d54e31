import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../packages/cli/src/api-client.ts';
import { followEvents, type PinEvent } from '../../packages/cli/src/follow-events.ts';

/** A deployed stage's events API that answers `pages()` and counts its calls. */
const deployedStage = (events: () => PinEvent[]) => {
  const calls: string[] = [];
  const client: ApiClient = {
    baseUrl: 'https://api.example.com/test',
    key: 'sk_test_x',
    call: async (method, path) => {
      calls.push(`${method} ${path}`);
      return { response: events(), pagination: { next: null } };
    },
    send: async () => ({ status: 500, body: null }),
  };
  return { client, calls };
};

const event = (token: string): PinEvent => ({ token, type: 'charge.captured', data: {}, created_at: '' });

describe('following the events of a deployed stage (it pushes none)', () => {
  it('polls less and less often while nothing happens, and says so once', async () => {
    const { client, calls } = deployedStage(() => []);
    const notes: string[] = [];
    const stop = new AbortController();
    const following = followEvents(client, () => {}, {
      localOrigin: null,
      intervalMs: 10,
      maxIntervalMs: 80,
      note: (line) => notes.push(line),
      signal: stop.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    stop.abort();
    await following;
    // Every 10 ms throughout would be about 60 polls; doubling to 80 ms: 10, 20, 40, 80, 80... about 10.
    expect(calls.length).toBeGreaterThan(4);
    expect(calls.length).toBeLessThan(16);
    expect(notes).toEqual([
      'Polling https://api.example.com/test/1/events (this stack pushes no events): every 0.01 s while events come, up to every 0.08 s while none do',
    ]);
  });

  it('hands on each new event once, oldest first, and none of those already there', async () => {
    let page = [event('evt_old')];
    const { client } = deployedStage(() => page);
    const seen: string[] = [];
    const stop = new AbortController();
    const following = followEvents(client, (e) => void seen.push(e.token), {
      localOrigin: null,
      intervalMs: 10,
      note: () => {},
      signal: stop.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    page = [event('evt_new2'), event('evt_new1'), event('evt_old')];
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop.abort();
    await following;
    expect(seen).toEqual(['evt_new1', 'evt_new2']);
  });
});
