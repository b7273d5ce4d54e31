import { PinError, reactivateSubscription, type Scope, type Subscription } from '@wattle/domain';
import { Missing } from '@wattle/ports';
import { type BillingDeps, billNow } from '../billing/bill-now.ts';
import { changeWithRetry, commitPlainChange } from './commit-change.ts';
import { getSubscription } from './read-subscriptions.ts';

/**
 * PUT /subscriptions/{token}/reactivate: cancelled → active (else 400 invalid_state). Within the
 * interval already paid for nothing is charged; otherwise the reactivation bills at once, and a
 * declined bill leaves the subscription cancelled and answers with the decline.
 */
export const reactivate = async (
  deps: BillingDeps,
  scope: Scope,
  token: string,
  includeSetupFee: boolean,
  ipAddress: string,
): Promise<Subscription> => {
  try {
    return await changeWithRetry(deps, async () => {
      const loaded = await getSubscription(deps, scope, token, 'not_found');
      if (loaded.bill) throw new PinError('conflict');
      const now = deps.clock.now();
      const next = reactivateSubscription(loaded.subscription, includeSetupFee, now);
      if (next.bill) {
        return billNow(
          deps,
          scope,
          { before: loaded, subscription: next.subscription, bill: next.bill },
          ipAddress,
        );
      }
      await commitPlainChange(
        deps,
        scope,
        loaded,
        next.subscription,
        { events: [], planMustBeLive: true },
        now,
      );
      return next.subscription;
    });
  } catch (error) {
    // The plan's deletion has begun: its subscriptions are going with it.
    if (error instanceof Missing && error.resource === 'plan') throw new PinError('not_found');
    throw error;
  }
};
