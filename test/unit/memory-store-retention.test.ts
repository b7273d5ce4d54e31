import { defaultRetention, newWebhook, type Scope, type WattleEvent } from '@wattle/domain';
import { describe, expect, it } from 'vitest';
import { sequentialIds } from '../fakes/system.ts';
import { memoryStore } from '../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const at = new Date('2026-11-24T10:00:00Z');
const later = (ms: number) => new Date(at.getTime() + ms);
const retentionMs = defaultRetention.eventsSeconds * 1000;
const event: WattleEvent = {
  token: 'evt_1',
  type: 'customer.created',
  data: {},
  createdAt: at.toISOString(),
};

/** The memory world's retention: what DynamoDB's TTL removes on AWS, removed by a sweep at the time given. */
describe('the memory store sweep', () => {
  it('removes an event at the end of the retention, leaving its count to the expiry report', async () => {
    const store = memoryStore();
    store.world.recordEvent(scope, event, at);
    expect(store.world.sweep(later(retentionMs - 1000))).toEqual([]);
    expect(await store.events.get(scope, event.token)).toEqual(event);
    expect(store.world.sweep(later(retentionMs))).toEqual([{ list: 'events', scope, token: event.token }]);
    expect(await store.events.get(scope, event.token)).toBeNull();
    expect(await store.events.list(scope, 1)).toEqual({ items: [], total: 1 });
    await store.expiredItems.uncount({ list: 'events', scope, token: event.token }, later(retentionMs));
    expect((await store.events.list(scope, 1)).total).toBe(0);
    // Its marker goes once the fan-out looks for it: nothing to fan out.
    expect(await store.events.awaitingFanOut(later(retentionMs))).toEqual([]);
    expect(store.world.sweep(later(2 * retentionMs))).toEqual([]);
  });

  it('keeps a webhook, its event and its endpoint record as long as a delivery holds them', async () => {
    const store = memoryStore();
    store.world.recordEvent(scope, event, at);
    const endpoint = { token: 'whe_1', key: 'k', url: 'https://example.com/h', createdAt: '', updatedAt: '' };
    await store.webhookEndpoints.create(scope, endpoint, at);
    const made = (await store.webhooks.createForEvent(
      scope,
      newWebhook(sequentialIds(), endpoint, 'evt_1', ''),
      at,
    ))!;
    const heldAt = later(retentionMs - 60_000);
    await store.webhooks.holdForDelivery(scope, made.webhook.token, heldAt);
    expect(store.world.sweep(later(retentionMs))).toEqual([]);
    expect(await store.webhooks.get(scope, made.webhook.token)).not.toBeNull();
    expect(await store.events.get(scope, event.token)).toEqual(event);
    const expired = store.world.sweep(later(2 * retentionMs));
    expect(expired).toEqual(
      expect.arrayContaining([
        { list: 'events', scope, token: event.token },
        { list: 'webhooks', scope, token: made.webhook.token },
      ]),
    );
    expect(await store.webhooks.get(scope, made.webhook.token)).toBeNull();
    // The endpoint's record of the event went too: the same event may have a webhook again.
    const again = await store.webhooks.createForEvent(
      scope,
      newWebhook(sequentialIds(), endpoint, 'evt_1', ''),
      at,
    );
    expect(again?.version).toBe(1);
  });

  it('forgets unused card tokens and idempotency keys once they expire, counting nothing', async () => {
    const store = memoryStore();
    const card = { token: 'card_1' } as never;
    await store.cardTokens.put(scope, { card, sealedNumber: 's' }, later(1000));
    const times = { now: at, retentionSeconds: 60, lockSeconds: 10 };
    await store.idempotency.start(scope, 'key', 'r1', times);
    expect(store.world.table('card-token').size).toBe(1);
    expect(store.world.table('idempotency').size).toBe(1);
    expect(store.world.sweep(later(60_000))).toEqual([]);
    expect(store.world.table('card-token').size).toBe(0);
    expect(store.world.table('idempotency').size).toBe(0);
  });
});
