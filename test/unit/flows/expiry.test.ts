import type { Scope } from '@wattle/domain';
import { uncountExpiredItems } from '@wattle/flows';
import type { ExpiredItem } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fakeExpiredItems } from '../../fakes/expired-items.ts';
import { fixedClock } from '../../fakes/system.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const live: Scope = { accountId: 'acct_1', environment: 'live' };
const event = (token: string, at: Scope = scope): ExpiredItem => ({ list: 'events', scope: at, token });
const webhook = (token: string): ExpiredItem => ({ list: 'webhooks', scope, token });

const setUp = () => {
  const expiredItems = fakeExpiredItems({
    'acct_1#test#events': 5,
    'acct_1#live#events': 2,
    'acct_1#test#webhooks': 3,
  });
  return { deps: { expiredItems, clock: fixedClock() }, counts: expiredItems.counts, expiredItems };
};

describe('uncountExpiredItems', () => {
  it('takes each expired event and webhook out of its own list and environment', async () => {
    const { deps, counts } = setUp();
    const outcome = await uncountExpiredItems(deps, [event('evt_1'), webhook('whr_1'), event('evt_2', live)]);
    expect(outcome).toEqual({ uncounted: 3, failedAt: null });
    expect(counts).toEqual({ 'acct_1#test#events': 4, 'acct_1#live#events': 1, 'acct_1#test#webhooks': 2 });
  });

  it('skips what is not a counted expiry (null: our own deletes, idempotency keys, card tokens)', async () => {
    const { deps, counts } = setUp();
    const outcome = await uncountExpiredItems(deps, [null, event('evt_1'), null]);
    expect(outcome).toEqual({ uncounted: 1, failedAt: null });
    expect(counts['acct_1#test#events']).toBe(4);
  });

  it('counts a deletion reported twice (a retried batch) once', async () => {
    const { deps, counts } = setUp();
    await uncountExpiredItems(deps, [event('evt_1'), event('evt_2')]);
    const again = await uncountExpiredItems(deps, [event('evt_1'), event('evt_2'), event('evt_3')]);
    expect(again).toEqual({ uncounted: 1, failedAt: null });
    expect(counts['acct_1#test#events']).toBe(2);
  });

  it('stops at the first failure and says where, so the rest is taken up again from there', async () => {
    const { deps, counts, expiredItems } = setUp();
    expiredItems.failOn.add('evt_2');
    const outcome = await uncountExpiredItems(deps, [event('evt_1'), event('evt_2'), event('evt_3')]);
    expect(outcome.failedAt).toBe(1);
    expect(outcome.uncounted).toBe(1);
    expect(counts['acct_1#test#events']).toBe(4);

    // The retry starts at the failed item: what came before is not counted again, nothing is lost.
    expiredItems.failOn.clear();
    const retry = await uncountExpiredItems(deps, [event('evt_2'), event('evt_3')]);
    expect(retry).toEqual({ uncounted: 2, failedAt: null });
    expect(counts['acct_1#test#events']).toBe(2);
  });
});
