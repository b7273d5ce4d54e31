import { newWebhook, type Scope } from '@wattle/domain';
import { uncountExpiredItems } from '@wattle/flows';
import type { ExpiredItem } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../../fakes/system.ts';
import { memoryStore, overriding } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const live: Scope = { accountId: 'acct_1', environment: 'live' };
const event = (token: string, at: Scope = scope): ExpiredItem => ({ list: 'events', scope: at, token });
const webhook = (token: string): ExpiredItem => ({ list: 'webhooks', scope, token });

/** Tokens whose uncounting throws, as a store that is down would. */
const failOn = new Set<string>();

/**
 * A store holding 5 events in acct_1's test environment, 2 in its live one, and 3 webhooks (test):
 * `counts` reads each list's count as its page says it.
 */
const setUp = async () => {
  const store = memoryStore();
  const at = new Date('2026-11-24T09:00:00Z');
  for (const [where, n] of [
    [scope, 5],
    [live, 2],
  ] as const)
    for (let i = 1; i <= n; i++)
      store.world.recordEvent(
        where,
        {
          token: `evt_${where.environment}${i}`,
          type: 'customer.created',
          data: {},
          createdAt: at.toISOString(),
        },
        at,
      );
  const endpoint = {
    token: 'whe_1',
    key: 'k',
    url: 'https://example.com/hooks',
    createdAt: '',
    updatedAt: '',
  };
  await store.webhookEndpoints.create(scope, endpoint, at);
  const ids = sequentialIds();
  for (let i = 1; i <= 3; i++)
    await store.webhooks.createForEvent(scope, newWebhook(ids, endpoint, `evt_test${i}`, ''), at);
  failOn.clear();
  const expiredItems = overriding(store.expiredItems, {
    uncount: async (item, now) => {
      if (failOn.has(item.token)) throw new Error(`The store is down (${item.token})`);
      return store.expiredItems.uncount(item, now);
    },
  });
  const counts = async () => ({
    'acct_1#test#events': (await store.events.list(scope, 1)).total,
    'acct_1#live#events': (await store.events.list(live, 1)).total,
    'acct_1#test#webhooks': (await store.webhooks.list(scope, 1)).total,
  });
  return { deps: { expiredItems, clock: fixedClock() }, counts, expiredItems };
};

describe('uncountExpiredItems', () => {
  it('takes each expired event and webhook out of its own list and environment', async () => {
    const { deps, counts } = await setUp();
    const outcome = await uncountExpiredItems(deps, [event('evt_1'), webhook('whr_1'), event('evt_2', live)]);
    expect(outcome).toEqual({ uncounted: 3, failedAt: null });
    expect(await counts()).toEqual({
      'acct_1#test#events': 4,
      'acct_1#live#events': 1,
      'acct_1#test#webhooks': 2,
    });
  });

  it('skips what is not a counted expiry (null: our own deletes, idempotency keys, card tokens)', async () => {
    const { deps, counts } = await setUp();
    const outcome = await uncountExpiredItems(deps, [null, event('evt_1'), null]);
    expect(outcome).toEqual({ uncounted: 1, failedAt: null });
    expect((await counts())['acct_1#test#events']).toBe(4);
  });

  it('counts a deletion reported twice (a retried batch) once', async () => {
    const { deps, counts } = await setUp();
    await uncountExpiredItems(deps, [event('evt_1'), event('evt_2')]);
    const again = await uncountExpiredItems(deps, [event('evt_1'), event('evt_2'), event('evt_3')]);
    expect(again).toEqual({ uncounted: 1, failedAt: null });
    expect((await counts())['acct_1#test#events']).toBe(2);
  });

  it('stops at the first failure and says where, so the rest is taken up again from there', async () => {
    const { deps, counts } = await setUp();
    failOn.add('evt_2');
    const outcome = await uncountExpiredItems(deps, [event('evt_1'), event('evt_2'), event('evt_3')]);
    expect(outcome.failedAt).toBe(1);
    expect(outcome.uncounted).toBe(1);
    expect((await counts())['acct_1#test#events']).toBe(4);

    // The retry starts at the failed item: what came before is not counted again, nothing is lost.
    failOn.clear();
    const retry = await uncountExpiredItems(deps, [event('evt_2'), event('evt_3')]);
    expect(retry).toEqual({ uncounted: 2, failedAt: null });
    expect((await counts())['acct_1#test#events']).toBe(2);
  });
});
