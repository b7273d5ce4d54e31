import { defaultRetention, type Scope, type WattleEvent } from '@wattle/domain';
import { jobKinds } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { memoryStore, settledCharges } from '../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const at = new Date('2026-11-24T10:00:00Z');
const event = (token: string): WattleEvent => ({
  token,
  type: 'customer.created',
  data: {},
  createdAt: at.toISOString(),
});
const farFuture = new Date('2100-01-01T00:00:00Z');

/** What a reset of the local stack's memory engine does: the world emptied in place. */
describe('clearing the memory world', () => {
  it('removes every record, list, count, job, event and balance, saying how many records it held', async () => {
    const store = memoryStore();
    expect(store.world.clear()).toBe(0);
    await settledCharges(store, scope, [1, 2]);
    store.world.recordEvent(scope, event('evt_1'), at);
    store.world.scheduleJob({ kind: jobKinds.planPurge, scope, token: 'plan_1', dueAt: at });
    const held = store.world.table('payment').size;
    expect(held).toBe(2);

    expect(store.world.clear()).toBeGreaterThanOrEqual(held);

    expect(await store.payments.get(scope, 'ch_1')).toBeNull();
    expect(await store.payments.list(scope, 'charge', 1)).toMatchObject({ items: [], total: 0 });
    expect(await store.events.get(scope, 'evt_1')).toBeNull();
    expect(await store.events.list(scope, 1)).toEqual({ items: [], total: 0 });
    expect(await store.events.awaitingFanOut(farFuture)).toEqual([]);
    expect(await store.schedule.due(jobKinds.planPurge, farFuture)).toEqual([]);
    expect(await store.balance.read(scope, farFuture)).toEqual([]);
    expect(store.world.sweep(new Date(farFuture))).toEqual([]);
  });

  it('leaves the repositories over it and its listeners working: the same tokens may be made again', async () => {
    const store = memoryStore();
    const heard: string[] = [];
    store.world.outbox.onRecorded(({ event: recorded }) => heard.push(recorded.token));
    await settledCharges(store, scope, [1]);
    store.world.clear();
    await settledCharges(store, scope, [1]);
    expect(await store.payments.get(scope, 'ch_1')).toMatchObject({ token: 'ch_1', state: 'captured' });
    expect((await store.payments.list(scope, 'charge', 1)).total).toBe(1);
    expect(heard).toEqual(['evt_ch_1', 'evt_ch_1']);
    // The retention still removes what is recorded after the clear.
    store.world.recordEvent(scope, event('evt_2'), at);
    const retentionEnd = new Date(at.getTime() + defaultRetention.eventsSeconds * 1000);
    expect(store.world.sweep(retentionEnd)).toContainEqual({ list: 'events', scope, token: 'evt_2' });
  });
});
