import type { ScopedEvent } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../helpers/memory-store.ts';

const scope = { accountId: 'acct_1', environment: 'test' as const };
const at = new Date('2026-11-24T10:00:00Z');

/** What the memory engine's fan-out hears: each event once its change is made, none of a refused one. */
describe('the memory store outbox', () => {
  it('tells its listeners of each event after its change is made, and of none a refused change carried', async () => {
    const store = memoryStore();
    const heard: ScopedEvent[] = [];
    const stop = store.world.outbox.onRecorded((recorded) => heard.push(recorded));
    const plan = {
      token: 'plan_1',
      name: 'Gold',
      amount: 1000,
      currency: 'AUD',
      interval: 1,
      intervalUnit: 'month' as const,
      intervals: 0,
      setupAmount: 0,
      trialAmount: 0,
      trialInterval: 0,
      trialIntervalUnit: '' as const,
      createdAt: at.toISOString(),
      customerPermissions: [],
    };
    const event = {
      token: 'evt_1',
      type: 'plan.created' as const,
      data: { token: 'plan_1' },
      createdAt: at.toISOString(),
    };
    await store.plans.create(scope, plan, event, at);
    const refused = { ...event, token: 'evt_2' };
    await expect(store.plans.create(scope, { ...plan, token: 'plan_2' }, refused, at)).rejects.toThrow();
    await Promise.resolve();
    expect(heard).toEqual([{ scope, event }]);
    stop();
    store.world.recordEvent(scope, { ...event, token: 'evt_3' }, at);
    await Promise.resolve();
    expect(heard).toHaveLength(1);
  });
});
