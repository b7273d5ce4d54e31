import { type Ids, invalidSubscriptionInput, type Scope, type Subscription } from '@wattle/domain';
import type { Clock, CustomersStore, RetryPacing, SubscriptionsStore } from '@wattle/ports';
import { cardOf } from './card-of.ts';
import { changeWithRetry, commitPlainChange } from './commit-change.ts';
import { getSubscription } from './read-subscriptions.ts';

/**
 * PUT /subscriptions/{token}: the card billed from now on; null names the customer's primary card
 * (behaviour.md). Not sent at all (undefined) is refused as Pin does, "Card token must be present", but
 * only once the subscription is found: an unknown one is the 404 whatever the body.
 */
export const changeCard = (
  deps: {
    subscriptions: SubscriptionsStore;
    customers: Pick<CustomersStore, 'get' | 'getCard'>;
    clock: Clock;
    ids: Ids;
    pacing: RetryPacing;
  },
  scope: Scope,
  token: string,
  cardToken: string | null | undefined,
): Promise<Subscription> =>
  changeWithRetry(deps, async () => {
    const loaded = await getSubscription(deps, scope, token, 'resource_not_found');
    const { subscription } = loaded;
    if (cardToken === undefined) {
      throw invalidSubscriptionInput([{ param: 'card_token', message: 'Card token must be present' }]);
    }
    const card = await cardOf(deps, scope, subscription.customerToken, cardToken, 'resource_not_found');
    const after: Subscription = { ...subscription, cardToken: card };
    const change = { events: [], renewalStays: true } as const;
    await commitPlainChange(deps, scope, loaded, after, change, deps.clock.now());
    return after;
  });
