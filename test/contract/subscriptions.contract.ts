import {
  billBeginningOf,
  billSettlementOf,
  type PendingBill,
  type Scope,
  type Subscription,
  updateOf,
} from '@wattle/domain';
import { Changed, jobKinds, type LoadedSubscription, Missing } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { aBill, aSubscription } from '../helpers/builders.ts';
import { anEvent, aPlan, at, type Engine, ids, later, newScope, race, type StorePorts } from './subject.ts';

const now = at('2026-11-21T05:00:00Z');
/** When a subscription made `now` bills next (aSubscription's). */
const nextBilling = later(now, 30 * 86_400_000);

/** A start's (or a reactivation's) first bill begun on `subscription`, its recovery an hour on. */
const startOf = (subscription: Subscription) =>
  billBeginningOf<LoadedSubscription>({
    before: null,
    after: subscription,
    bill: aBill('start', 0),
    recoveryAt: later(now, 3600_000),
  });

/** A paid bill's ledger entry. */
const entry = {
  createdAt: now.toISOString(),
  type: 'credit' as const,
  amount: 1000,
  currency: 'AUD',
  annotation: 'charge_credit' as const,
};

/** The subscription as read, with its bill under way. */
const withBill = (loaded: LoadedSubscription) => loaded as LoadedSubscription & { bill: PendingBill };

/** A plan and a subscription of it whose first bill is under way, then paid: running and shown. */
const started = async (ports: StorePorts, scope: Scope) => {
  const plan = aPlan(now);
  await ports.plans.create(scope, plan, anEvent('plan.created', now), now);
  const subscription = aSubscription(plan, ids.token('sub'), ids.token('cus'), now);
  await ports.subscriptions.commit(scope, startOf(subscription), now);
  return { plan, subscription };
};

/** A started subscription's first bill paid, with its ledger entry or none. */
const firstBillPaid = async (
  ports: StorePorts,
  scope: Scope,
  subscription: Subscription,
  credit: { entry: typeof entry; attempt: number } | null,
) => {
  const first = withBill((await ports.subscriptions.get(scope, subscription.token))!);
  await ports.subscriptions.commit(
    scope,
    billSettlementOf({ before: first, after: subscription, credit, events: [] }),
    now,
  );
};

/** SubscriptionsStore: subscriptions under versions, their lists, ledgers, plan counts and jobs. */
export const describeSubscriptions = (engine: Engine) => {
  describe('subscriptions', () => {
    it('are shown nowhere while their first bill is under way, holding their plan as starting', async () => {
      const ports = engine();
      const scope = newScope();
      const { plan, subscription } = await started(ports, scope);
      const loaded = (await ports.subscriptions.get(scope, subscription.token))!;
      expect(loaded).toMatchObject({
        subscription,
        version: 1,
        bill: aBill('start', 0),
        starting: true,
        billApart: false,
      });
      expect(await ports.subscriptions.list(scope, 1)).toEqual({ items: [], total: 0 });
      expect((await ports.plans.get(scope, plan.token))?.counts).toMatchObject({ active: 0, starting: 1 });
    });

    it('are shown once their first bill is paid: lists, counts, ledger, event and renewal job', async () => {
      const ports = engine();
      const scope = newScope();
      const { plan, subscription } = await started(ports, scope);
      const before = (await ports.subscriptions.get(scope, subscription.token))!;
      const paid = billSettlementOf({
        before: withBill(before),
        after: subscription,
        credit: { entry, attempt: 0 },
        events: [anEvent('subscription.created', now)],
      });
      const { won, refusals } = await race(
        ports.subscriptions.commit(scope, paid, now),
        ports.subscriptions.commit(scope, paid, now),
      );
      expect(won).toBe(1);
      expect(refusals).toEqual([new Changed('subscription', subscription.token)]);
      const shown = { items: [subscription], total: 1 };
      expect(await ports.subscriptions.list(scope, 1)).toEqual(shown);
      expect(await ports.subscriptions.listForPlan(scope, plan.token, 1)).toEqual(shown);
      expect(await ports.customers.listSubscriptions(scope, subscription.customerToken, 1)).toEqual(shown);
      expect(await ports.subscriptions.ledger(scope, subscription.token, 1)).toEqual({
        items: [entry],
        total: 1,
      });
      expect((await ports.plans.get(scope, plan.token))?.counts).toMatchObject({ active: 1, starting: 0 });
      expect((await ports.subscriptions.get(scope, subscription.token))?.version).toBe(2);
      const renewals = await ports.schedule.due(jobKinds.subscriptionBilling, nextBilling);
      expect(renewals.filter((job) => job.token === subscription.token)).toEqual([
        {
          kind: jobKinds.subscriptionBilling,
          scope,
          token: subscription.token,
          dueAt: nextBilling,
          data: {},
        },
      ]);
      await expect(
        ports.plans.beginDelete(scope, plan, anEvent('plan.deleted', now), nextBilling, now),
      ).rejects.toEqual(new Changed('plan', plan.token));
    });

    it("begin a renewal's bill apart: the renewal job moved to its recovery, the version kept", async () => {
      const ports = engine();
      const scope = newScope();
      const { subscription } = await started(ports, scope);
      const first = (await ports.subscriptions.get(scope, subscription.token))!;
      await ports.subscriptions.commit(
        scope,
        billSettlementOf({ before: withBill(first), after: subscription, credit: null, events: [] }),
        now,
      );
      const before = (await ports.subscriptions.get(scope, subscription.token))!;
      const [claim] = (await ports.schedule.due(jobKinds.subscriptionBilling, nextBilling)).filter(
        (job) => job.token === subscription.token,
      );
      const recovery = later(nextBilling, 3600_000);
      const begin = billBeginningOf({
        before,
        after: subscription,
        bill: aBill('renewal', 1),
        recoveryAt: recovery,
        claim: { job: 'renewal', token: subscription.token, dueAt: claim!.dueAt },
      });
      await ports.subscriptions.commit(scope, begin, nextBilling);
      const loaded = (await ports.subscriptions.get(scope, subscription.token))!;
      expect(loaded).toMatchObject({
        version: before.version,
        bill: aBill('renewal', 1),
        billApart: true,
        renewalDueAt: recovery,
      });
      expect(loaded.subscription.attempts).toBe(2);
      const jobs = await ports.schedule.due(jobKinds.subscriptionBilling, recovery);
      expect(jobs.filter((job) => job.token === subscription.token).map((job) => job.dueAt)).toEqual([
        recovery,
      ]);
      await expect(ports.subscriptions.commit(scope, begin, nextBilling)).rejects.toThrow();
    });

    it('are deleted when their first bill is declined: counted nowhere, the bill recovery gone, once', async () => {
      const ports = engine();
      const scope = newScope();
      const { plan, subscription } = await started(ports, scope);
      const before = withBill((await ports.subscriptions.get(scope, subscription.token))!);
      const declined = billSettlementOf({ before, after: null, credit: null, events: [] });
      await ports.subscriptions.commit(scope, declined, now);
      expect(await ports.subscriptions.get(scope, subscription.token)).toBeNull();
      expect(await ports.subscriptions.list(scope, 1)).toEqual({ items: [], total: 0 });
      expect((await ports.plans.get(scope, plan.token))?.counts).toMatchObject({ active: 0, starting: 0 });
      const recoveries = await ports.schedule.due(jobKinds.billRecovery, later(now, 7200_000));
      expect(recoveries.some((job) => job.token === subscription.token)).toBe(false);
      await expect(ports.subscriptions.commit(scope, declined, now)).rejects.toEqual(
        new Changed('subscription', subscription.token),
      );
    });

    it('are cancelled under the version read: still shown, counted as cancelled, the renewal job gone', async () => {
      const ports = engine();
      const scope = newScope();
      const { plan, subscription } = await started(ports, scope);
      await firstBillPaid(ports, scope, subscription, null);
      const before = (await ports.subscriptions.get(scope, subscription.token))!;
      const cancelled: Subscription = { ...subscription, state: 'cancelled', nextBillingDate: null };
      const cancel = updateOf({ before, after: cancelled, events: [anEvent('subscription.cancelled', now)] });
      const { won, refusals } = await race(
        ports.subscriptions.commit(scope, cancel, now),
        ports.subscriptions.commit(scope, cancel, now),
      );
      expect(won).toBe(1);
      expect(refusals).toEqual([new Changed('subscription', subscription.token)]);
      expect(await ports.subscriptions.list(scope, 1)).toEqual({ items: [cancelled], total: 1 });
      expect((await ports.plans.get(scope, plan.token))?.counts).toMatchObject({ active: 0, cancelled: 1 });
      const renewals = await ports.schedule.due(jobKinds.subscriptionBilling, nextBilling);
      expect(renewals.some((job) => job.token === subscription.token)).toBe(false);
    });

    it("go with their plan's purge: out of every list and count, with their ledger, once", async () => {
      const ports = engine();
      const scope = newScope();
      const { plan, subscription } = await started(ports, scope);
      await firstBillPaid(ports, scope, subscription, { entry, attempt: 0 });
      const before = (await ports.subscriptions.get(scope, subscription.token))!;
      const cancelled: Subscription = { ...subscription, state: 'cancelled', nextBillingDate: null };
      await ports.subscriptions.commit(scope, updateOf({ before, after: cancelled, events: [] }), now);
      await ports.plans.beginDelete(scope, plan, anEvent('plan.deleted', now), later(now, 60_000), now);
      await ports.plans.purge(scope, plan.token);
      await ports.plans.purge(scope, plan.token);
      const none = { items: [], total: 0 };
      expect(await ports.subscriptions.get(scope, subscription.token)).toBeNull();
      expect(await ports.subscriptions.list(scope, 1)).toEqual(none);
      expect(await ports.subscriptions.listForPlan(scope, plan.token, 1)).toEqual(none);
      expect(await ports.customers.listSubscriptions(scope, subscription.customerToken, 1)).toEqual(none);
      expect(await ports.subscriptions.ledger(scope, subscription.token, 1)).toEqual(none);
    });

    it("are refused (Missing 'plan') when their plan must be live and its deletion has begun", async () => {
      const ports = engine();
      const scope = newScope();
      const plan = aPlan(now);
      await ports.plans.create(scope, plan, anEvent('plan.created', now), now);
      await ports.plans.beginDelete(scope, plan, anEvent('plan.deleted', now), later(now, 60_000), now);
      const start = startOf(aSubscription(plan, ids.token('sub'), ids.token('cus'), now));
      await expect(ports.subscriptions.commit(scope, start, now)).rejects.toEqual(
        new Missing('plan', plan.token),
      );
    });

    it('keep self-service links, of which only the newest of a subscription works', async () => {
      const { subscriptions } = engine();
      const scope = newScope();
      const subscriptionToken = ids.token('sub');
      const link = (token: string) => ({
        token,
        scope,
        subscriptionToken,
        expiresAt: later(now, 3600_000).toISOString(),
        reactivations: 0,
      });
      const first = link(ids.token('se'));
      await subscriptions.saveSelfServiceLink(first);
      expect(await subscriptions.selfServiceLink(first.token)).toEqual(first);
      const second = link(ids.token('se'));
      await subscriptions.saveSelfServiceLink(second);
      expect(await subscriptions.selfServiceLink(first.token)).toBeNull();
      expect(await subscriptions.selfServiceLink(second.token)).toEqual(second);
      expect(await subscriptions.selfServiceLink(ids.token('se'))).toBeNull();
    });
  });
};
