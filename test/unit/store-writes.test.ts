import type { Payment, PaymentClaim, Scope, WattleEvent } from '@wattle/domain';
import {
  attemptRecord,
  Changed,
  CustomerWrites,
  changedOrMissing,
  type GuardedPaymentChange,
  jobKinds,
  Missing,
  merchantActivation,
  PlanWrites,
  paymentRefusal,
  type StoreWrite,
  type StoreWriter,
  subscriptionStoreWrites,
  TokenTaken,
  WebhookEndpointWrites,
} from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { aCard, aCustomer } from '../helpers/builders.ts';

/**
 * The ports' write halves build the generic writes both engines interpret (the contract suite
 * holds what the engines make of them): here, what a write half decides on its own, by the lists
 * it hands a writer that records them.
 */
const scope: Scope = { accountId: 'acc_1', environment: 'test' };
const now = new Date('2026-12-01T00:00:00Z');
const event = {
  token: 'evt_1',
  type: 'customer.deleted',
  data: {},
  createdAt: now.toISOString(),
} as WattleEvent;

const recording = (room: number) => {
  const commits: StoreWrite[][] = [];
  const writer: StoreWriter = {
    room,
    commit: async (_scope, writes) => {
      commits.push([...writes]);
    },
  };
  return { writer, commits };
};

class Customers extends CustomerWrites {
  constructor(
    writer: StoreWriter,
    private readonly cards: string[],
  ) {
    super(writer);
  }
  protected async cardTokensOf(): Promise<string[]> {
    return this.cards;
  }
}

describe('the generic writes of the ports', () => {
  it("deletes a customer's cards beyond what one commit holds first, each batch moving its version on", async () => {
    const { writer, commits } = recording(26); // (26 - 6) / 2: 10 cards a commit
    const cards = Array.from({ length: 25 }, (_, i) => `card_${i}`);
    const customer = aCustomer('cus_1', aCard({ token: 'card_0' }), now.toISOString());
    await new Customers(writer, cards).delete(scope, { customer, version: 3 }, event, now);

    expect(commits).toHaveLength(3);
    const versions = commits.map((writes) => {
      const first = writes[0]!;
      return first.kind === 'update' || first.kind === 'delete' ? first.when?.version : undefined;
    });
    expect(versions).toEqual([3, 4, 5]);
    // Every card once, the primary in the last commit, with the customer's deletion and its event.
    const removed = commits.flatMap((writes) =>
      writes.flatMap((w) => (w.kind === 'delete' && w.ref.record === 'customer-card' ? [w.ref.token] : [])),
    );
    expect(removed.sort()).toEqual([...cards].sort());
    expect(commits[2]!.map((w) => w.kind)).toContain('event');
    expect(commits[2]![0]).toMatchObject({ kind: 'delete', ref: { record: 'customer', token: 'cus_1' } });
    expect(commits[0]!.some((w) => w.kind === 'event')).toBe(false);
  });

  it('deletes a customer in one commit where the writer holds them all', async () => {
    const { writer, commits } = recording(Number.POSITIVE_INFINITY);
    const customer = aCustomer('cus_1', aCard({ token: 'card_0' }), now.toISOString());
    await new Customers(writer, ['card_0', 'card_1']).delete(scope, { customer, version: 1 }, event, now);
    expect(commits).toHaveLength(1);
  });

  it('refuses a changed resource with Changed and a gone one with Missing, from the record as it was', () => {
    const refusal = changedOrMissing('customer', 'cus_1');
    expect(refusal({ ver: 2 })).toEqual(new Changed('customer', 'cus_1'));
    expect(refusal(undefined)).toEqual(new Missing('customer', 'cus_1'));
  });

  it('refuses a plan being deleted as Missing and a renamed one as Changed', async () => {
    const { writer, commits } = recording(100);
    const plans = new (class extends PlanWrites {
      protected async *subscriptionsOfPlan() {}
      protected async purgeReadOf() {
        return { attempts: [] };
      }
    })(writer);
    const plan = { token: 'plan_1', name: 'Gold' } as never;
    await plans.update(scope, plan, { token: 'plan_1', name: 'Silver' } as never);
    const [write] = commits[0]!;
    if (write?.kind !== 'update' || !write.refusal) throw new Error('an update with its refusal');
    expect(write.refusal({ deletingSince: now.toISOString() })).toEqual(new Missing('plan', 'plan_1'));
    expect(write.refusal({ plan: { name: 'Bronze' } })).toEqual(new Changed('plan', 'plan_1'));
    // The name moves: the old one let go while the plan holds it, the new one claimed.
    expect(commits[0]!.slice(1)).toMatchObject([
      { kind: 'delete', ref: { record: 'plan-name', token: 'Gold' } },
      { kind: 'create', ref: { record: 'plan-name', token: 'Silver' } },
    ]);
  });

  it("stops an endpoint's webhooks with its first commit, deletes them next, and ends with the endpoint", async () => {
    const { writer, commits } = recording(100);
    const steps: string[] = [];
    const endpoints = new (class extends WebhookEndpointWrites {
      protected async deleteWebhooksOf(): Promise<void> {
        steps.push(`webhooks after ${commits.length} commit(s)`);
      }
    })(writer);
    await endpoints.delete(scope, 'whe_1', now);
    expect(steps).toEqual(['webhooks after 1 commit(s)']);
    // Marked deleting, out of its list, its limit and its liveness (Missing when no live endpoint).
    const [mark, ...rest] = commits[0]!;
    if (mark?.kind !== 'update' || !mark.refusal) throw new Error('an update with its refusal');
    expect(mark).toMatchObject({
      when: { absent: [['deletingSince']] },
      leaves: { list: 'webhook-endpoints' },
    });
    expect(mark.refusal(undefined)).toEqual(new Missing('webhook endpoint', 'whe_1'));
    expect(rest).toMatchObject([
      { kind: 'liveness', ref: { record: 'webhook-endpoint', token: 'whe_1' }, live: false },
      { kind: 'count', list: { list: 'webhook-endpoints' }, by: -1 },
      { kind: 'schedule-job', job: { kind: jobKinds.endpointPurge, token: 'whe_1' } },
    ]);
    // Never a live endpoint; its purge job no longer wanted.
    expect(commits[1]).toMatchObject([
      { kind: 'delete', when: { orGone: true, present: [['deletingSince']] } },
      { kind: 'cancel-job', job: jobKinds.endpointPurge, token: 'whe_1' },
    ]);
    // The purge job's run claims the job in its last commit instead.
    const job = { kind: jobKinds.endpointPurge, scope, token: 'whe_1', dueAt: now };
    await endpoints.purge(job);
    expect(commits[2]![1]).toEqual({ kind: 'claim-job', job });
  });

  it("moves a subscription's plan counts while the plan is there (and live, when asked), Missing otherwise", () => {
    const moved = subscriptionStoreWrites(
      scope,
      {
        kind: 'plan-counts',
        planToken: 'plan_1',
        moves: { active: -1, cancelled: 1, trial: 0 },
        live: false,
      },
      now,
    );
    expect(moved).toMatchObject([
      {
        kind: 'update',
        ref: { record: 'plan', token: 'plan_1' },
        add: [
          { path: ['counts', 'active'], by: -1 },
          { path: ['counts', 'cancelled'], by: 1 },
        ],
        when: { exists: true },
      },
    ]);
    const [write] = moved;
    if (write?.kind !== 'update' || !write.refusal) throw new Error('an update with its refusal');
    expect(write.refusal(undefined)).toEqual(new Missing('plan', 'plan_1'));
    // Starting or running again needs a plan whose deletion has not begun, even with no count moved.
    expect(
      subscriptionStoreWrites(
        scope,
        { kind: 'plan-counts', planToken: 'plan_1', moves: {}, live: true },
        now,
      ),
    ).toMatchObject([{ kind: 'update', add: [], when: { exists: true, absent: [['deletingSince']] } }]);
    expect(
      subscriptionStoreWrites(
        scope,
        { kind: 'plan-counts', planToken: 'plan_1', moves: {}, live: false },
        now,
      ),
    ).toEqual([]);
  });

  it('deletes a declined start under the version read, out of its three lists (Changed when it moved on)', () => {
    const subscription = { token: 'sub_1', customerToken: 'cus_1', planToken: 'plan_1' };
    const from = { subscription, version: 2 } as never;
    const [removal] = subscriptionStoreWrites(
      scope,
      { kind: 'subscription-removal', token: 'sub_1', from },
      now,
    );
    expect(removal).toMatchObject({
      kind: 'delete',
      ref: { record: 'subscription', token: 'sub_1' },
      when: { version: 2 },
      leaves: [
        { list: 'subscriptions' },
        { list: 'customer-subscriptions', of: 'cus_1' },
        { list: 'plan-subscriptions', of: 'plan_1' },
      ],
    });
    if (removal?.kind !== 'delete' || !removal.refusal) throw new Error('a delete with its refusal');
    expect(removal.refusal({ ver: 3 })).toEqual(new Changed('subscription', 'sub_1'));
  });

  it("activates a merchant only while under review, its live keys' suspension lifted, its event twice", () => {
    const active = { token: 'mer_1', accountId: 'acct_1', partnerId: 'acct_p', status: 'active' } as never;
    const stored = { liveKeyHashes: ['h1', 'h2'] } as never;
    const [merchant, account, ...rest] = merchantActivation(stored, active, event);
    expect(merchant).toMatchObject({
      kind: 'update',
      ref: { record: 'merchant', token: 'mer_1' },
      when: { oneOf: { path: ['merchant', 'status'], values: ['pending_approval', 'on_hold'] } },
    });
    if (merchant?.kind !== 'update' || !merchant.refusal) throw new Error('an update with its refusal');
    expect(merchant.refusal(undefined)).toEqual(new Changed('merchant', 'mer_1'));
    expect(account).toMatchObject({ setAt: [{ path: ['account', 'status'], value: 'active' }] });
    expect(rest).toMatchObject([
      { ref: { record: 'api-key', token: 'h1' }, unset: [['grant', 'suspended']] },
      { ref: { record: 'api-key', token: 'h2' }, unset: [['grant', 'suspended']] },
      { kind: 'event', scope: { accountId: 'acct_1', environment: 'live' } },
      { kind: 'event', scope: { accountId: 'acct_p', environment: 'live' } },
    ]);
  });

  it("records an attempt by its lease's holder only, letting the lease go, with its retry job or none", () => {
    const lease = { webhookToken: 'whk_1', leaseId: 'lease_1' };
    const retried = { token: 'whk_1', nextRun: '2026-12-01T00:05:00Z' } as never;
    const [record, retry] = attemptRecord(scope, lease, retried);
    expect(record).toMatchObject({
      kind: 'update',
      unset: [['leaseUntil'], ['leaseId']],
      bump: true,
      when: { equals: [{ path: ['leaseId'], value: 'lease_1' }] },
    });
    expect(retry).toMatchObject({
      kind: 'schedule-job',
      job: { token: 'whk_1', dueAt: new Date('2026-12-01T00:05:00Z') },
    });
    const [, none] = attemptRecord(scope, lease, { token: 'whk_1', nextRun: null } as never);
    expect(none).toEqual({ kind: 'cancel-job', job: jobKinds.webhookRetry, token: 'whk_1' });
  });

  it("purges a plan's subscriptions, ledger entries beyond one commit first, one already gone passed over", async () => {
    const { writer, commits } = recording(30);
    const subscription = {
      token: 'sub_1',
      customerToken: 'cus_1',
      planToken: 'plan_1',
      nextBillingDate: '2026-12-05T00:00:00Z',
    } as never;
    const gone = { token: 'sub_2', customerToken: 'cus_1', planToken: 'plan_1' } as never;
    const plans = new (class extends PlanWrites {
      protected async *subscriptionsOfPlan() {
        yield subscription;
        yield gone;
      }
      protected async purgeReadOf(_scope: Scope, s: { token: string }) {
        return s.token === 'sub_1'
          ? { attempts: Array.from({ length: 40 }, (_, i) => i + 1), renewalDueAt: '2026-12-06T00:00:00Z' }
          : { attempts: [] };
      }
    })({
      room: 30,
      commit: async (s, writes, at) => {
        const [first] = writes;
        if (first?.kind === 'delete' && first.ref.token === 'sub_2')
          throw new Missing('subscription', 'sub_2');
        await writer.commit(s, writes, at);
      },
    });
    await plans.purgeSubscriptions(scope, 'plan_1');
    // 40 entries, 10 at most beside the subscription's own writes: 30 first, then the rest with it.
    expect(
      commits.map((writes) => writes.filter((w) => 'ref' in w && w.ref.record === 'ledger-entry').length),
    ).toEqual([30, 10]);
    const last = commits[1]!;
    expect(last[0]).toMatchObject({ kind: 'delete', ref: { record: 'subscription', token: 'sub_1' } });
    // Its renewal job wherever it may be: both dates, and where the store kept it before.
    expect(
      last.filter((w) => w.kind === 'cancel-job').map((w) => w.kind === 'cancel-job' && w.dueAt),
    ).toEqual([new Date('2026-12-05T00:00:00Z'), new Date('2026-12-06T00:00:00Z'), null, undefined]);
  });

  it("says what a payment's change refused means: a reservation's token taken, any other the payment changed", () => {
    const payment = { token: 'ch_1' } as Payment;
    const claim = { action: 'capture', amount: 100 } as PaymentClaim;
    const taken = paymentRefusal({ kind: 'reservation', payment, sealedNumber: 's', listed: true })();
    expect(taken).toBeInstanceOf(TokenTaken);
    expect(taken).toEqual(new TokenTaken('payment', 'ch_1'));
    const changes: GuardedPaymentChange[] = [
      { kind: 'failover', payment, from: 'processing', fromAccount: 'acct_a' },
      { kind: 'payment', payment, from: 'processing', listing: { joins: false } },
      { kind: 'claim', paymentToken: 'ch_1', claim },
      { kind: 'claim-release', paymentToken: 'ch_1', claim },
      { kind: 'lease-use', paymentToken: 'ch_1' },
    ];
    for (const change of changes) {
      const refused = paymentRefusal(change)();
      expect(refused).toBeInstanceOf(Changed);
      expect(refused).toEqual(new Changed('payment', 'ch_1'));
    }
  });
});
