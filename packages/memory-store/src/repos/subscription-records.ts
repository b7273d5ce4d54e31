import type { Scope, Subscription } from '@wattle/domain';
import { listKey } from '../world/list-keys.ts';
import type { MemoryWorld } from '../world/world.ts';

/**
 * The subscriptions as the lists of other ports read them (a customer's subscriptions): the
 * subscriptions' own store keeps them here.
 */
export interface StoredSubscription {
  subscription: Subscription;
  sortKey: string;
}

export const subscriptionsOf = (world: MemoryWorld) => world.table<StoredSubscription>('subscription');

export const subscriptionOf = (world: MemoryWorld, id: string): Subscription | undefined => {
  const stored = subscriptionsOf(world).get(id);
  return stored ? structuredClone(stored.subscription) : undefined;
};

/**
 * The rest of a plan's deletion: its subscriptions (none runs or starts by then), with their place
 * in the lists and their counts. The subscriptions' store writes them; this removes them.
 */
export const deleteSubscriptionsOfPlan = (world: MemoryWorld, scope: Scope, planToken: string): void => {
  const planList = listKey(scope, 'subscriptions', planToken);
  for (const id of world.lists.all(planList)) {
    const stored = subscriptionsOf(world).get(id);
    if (!stored) continue;
    for (const list of [
      planList,
      listKey(scope, 'subscriptions'),
      listKey(scope, 'subscriptions', stored.subscription.customerToken),
    ]) {
      world.lists.leave(list, stored.sortKey);
      if (list !== planList) world.lists.move(list, -1);
    }
    subscriptionsOf(world).delete(id);
  }
};
