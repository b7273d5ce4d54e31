import {
  type LedgerEntry,
  type PendingBill,
  type Scope,
  type Subscription,
  withUsualFields,
} from '@wattle/domain';
import { jobKinds } from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import type { MemoryWorld } from '../world/world.ts';

/** A subscription as its store keeps it, and the lists of other ports (a customer's) read it. */
export interface StoredSubscription {
  subscription: Subscription;
  ver: number;
  /** A bill under way kept on the subscription (a start's, a reactivation's, a renewal's begun before). */
  bill: PendingBill | null;
  ledgerCount: number;
  /** The attempt of the last renewal's bill kept apart that is settled. */
  settledBill: number | null;
  /** Where it is in its lists (kept from its creation; in them once it is listed). */
  sortKey: string;
}

/** A renewal's bill under way, kept apart, with where the renewal job was moved to. */
export interface StoredBill {
  bill: PendingBill;
  renewalDueAt?: string;
}

export const subscriptionsOf = (world: MemoryWorld) => world.table<StoredSubscription>('subscription');
export const billsOf = (world: MemoryWorld) => world.table<StoredBill>('subscription-bill');
export const ledgerOf = (world: MemoryWorld) =>
  world.table<{ entry: LedgerEntry; sortKey: string }>('ledger-entry');

/** The lists a shown subscription is in: the merchant's, its customer's and its plan's. */
export const subscriptionLists = (scope: Scope, subscription: Subscription): string[] => [
  listKey(scope, 'subscriptions'),
  listKey(scope, 'subscriptions', subscription.customerToken),
  listKey(scope, 'subscriptions', subscription.planToken),
];

export const ledgerList = (scope: Scope, subscriptionToken: string) =>
  listKey(scope, 'ledger', subscriptionToken);

/** A subscription as it reads back: with the usual fields it came without, as on the table. */
export const asStored = (subscription: Subscription): Subscription => withUsualFields(copy(subscription));

export const subscriptionOf = (world: MemoryWorld, id: string): Subscription | undefined => {
  const stored = subscriptionsOf(world).get(id);
  return stored ? copy(stored.subscription) : undefined;
};

/**
 * The rest of a plan's deletion: its subscriptions (none runs or starts by then), each with its
 * ledger, its place in the lists and its counts, its bill and its jobs.
 */
export const deleteSubscriptionsOfPlan = (world: MemoryWorld, scope: Scope, planToken: string): void => {
  const planList = listKey(scope, 'subscriptions', planToken);
  for (const id of world.lists.all(planList)) {
    const stored = subscriptionsOf(world).get(id);
    if (!stored) continue;
    const { subscription } = stored;
    const change = new Change().write(() => {
      const ledger = ledgerList(scope, subscription.token);
      for (const entry of world.lists.all(ledger)) {
        world.lists.leave(ledger, ledgerOf(world).get(entry)!.sortKey);
        ledgerOf(world).delete(entry);
      }
      for (const list of subscriptionLists(scope, subscription)) {
        world.lists.leave(list, stored.sortKey);
        if (list !== planList) world.lists.move(list, -1);
      }
      subscriptionsOf(world).delete(id);
    });
    const bill = billsOf(world).get(id);
    const renewals = [subscription.nextBillingDate, bill?.renewalDueAt].filter((d): d is string =>
      Boolean(d),
    );
    for (const dueAt of new Set(renewals.map((d) => Date.parse(d))))
      world.jobs.cancelIn(change, jobKinds.subscriptionBilling, scope, subscription.token, new Date(dueAt));
    world.jobs.cancelIn(change, jobKinds.billRecovery, scope, subscription.token);
    change.write(() => billsOf(world).delete(scoped(scope, subscription.token))).commit();
  }
};
