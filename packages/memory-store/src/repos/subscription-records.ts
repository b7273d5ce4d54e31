import {
  type LedgerEntry,
  type PendingBill,
  type Scope,
  type Subscription,
  withUsualFields,
} from '@wattle/domain';
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

/** The subscriptions of a plan's list (a plan's purge's). */
export const subscriptionsOfPlan = (world: MemoryWorld, scope: Scope, planToken: string): Subscription[] =>
  world.lists
    .all(listKey(scope, 'subscriptions', planToken))
    .flatMap((id) => subscriptionOf(world, id) ?? []);

/** What a subscription's purge reads: its ledger entries' attempts, and its renewal's bill's recovery date. */
export const purgeReadOf = (world: MemoryWorld, scope: Scope, { token }: Subscription) => ({
  attempts: world.lists.all(ledgerList(scope, token)).map((id) => Number(id.slice(id.lastIndexOf('#') + 1))),
  renewalDueAt: billsOf(world).get(scoped(scope, token))?.renewalDueAt,
});
