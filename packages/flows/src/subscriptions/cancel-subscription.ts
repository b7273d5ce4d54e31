import { cancelSubscription, type Ids, PinError, type Scope, type Subscription } from '@wattle/domain';
import type { Clock, RetryPacing, SubscriptionsStore } from '@wattle/ports';
import { changeWithRetry, commitPlainChange } from './commit-change.ts';
import { getSubscription } from './read-subscriptions.ts';

/**
 * DELETE /subscriptions/{token} and DELETE /customers/{customer}/subscriptions/{token}: from trial
 * or active to cancelled at once (else 400 invalid_state). A bill under way stays recorded: its
 * charge is credited when it settles, but it changes nothing else.
 */
export const cancel = (
  deps: { subscriptions: SubscriptionsStore; clock: Clock; ids: Ids; pacing: RetryPacing },
  scope: Scope,
  token: string,
  customerToken: string | null = null,
): Promise<Subscription> =>
  changeWithRetry(deps, async () => {
    const loaded = await getSubscription(deps, scope, token, 'not_found');
    if (customerToken !== null && loaded.subscription.customerToken !== customerToken) {
      throw new PinError('not_found');
    }
    const now = deps.clock.now();
    const after = cancelSubscription(loaded.subscription, now);
    await commitPlainChange(deps, scope, loaded, after, { events: ['subscription.cancelled'] }, now);
    return after;
  });
