import {
  cancelSubscription,
  customerMayCancel,
  type Environment,
  type Ids,
  isRunning,
  issuedInCurrentRun,
  PinError,
  type Plan,
  type Scope,
  type SelfServiceLink,
  type Subscription,
  selfServiceLinkLifetimeMs,
  toTimestamp,
} from '@wattle/domain';
import type {
  Clock,
  LoadedSubscription,
  PlansStore,
  RetryPacing,
  Secrets,
  SubscriptionsStore,
} from '@wattle/ports';
import { changeWithRetry, commitPlainChange } from './commit-change.ts';
import { getSubscription } from './read-subscriptions.ts';

/** The link token's random bytes: 256 bits, unguessable. */
const linkBytes = 32;

/**
 * POST /subscriptions/{token}/self_service_link: a new link for the merchant to give its customer
 * (by email, say), working for seven days; asking again makes another, and the one before stops
 * working (the store keeps which is newest). A reactivation ends every link issued before it.
 */
export const issueSelfServiceLink = async (
  deps: { subscriptions: SubscriptionsStore; secrets: Secrets; clock: Clock },
  scope: Scope,
  subscriptionToken: string,
): Promise<SelfServiceLink> => {
  const { subscription } = await getSubscription(deps, scope, subscriptionToken, 'not_found');
  const link: SelfServiceLink = {
    token: deps.secrets.secret(linkBytes),
    scope,
    subscriptionToken: subscription.token,
    expiresAt: toTimestamp(new Date(deps.clock.now().getTime() + selfServiceLinkLifetimeMs)),
    reactivations: subscription.reactivations,
  };
  await deps.subscriptions.saveSelfServiceLink(link);
  return link;
};

export interface SelfServiceView {
  scope: Scope;
  subscription: Subscription;
  /** As read, for a change to commit against. */
  loaded: LoadedSubscription;
  /** The plan as it is now (null once deleted): its permissions decide, not those at the start. */
  plan: Plan | null;
  /** Whether the page offers to cancel: running, and the plan lets its customers cancel. */
  mayCancel: boolean;
}

type ViewDeps = { subscriptions: SubscriptionsStore; plans: Pick<PlansStore, 'get'>; clock: Clock };

/**
 * What the hosted page shows for a link: 404 for an unknown or expired one, another environment's,
 * one a newer link replaced, or one issued before the subscription was last reactivated.
 */
export const selfServiceView = async (
  deps: ViewDeps,
  environment: Environment,
  linkToken: string,
): Promise<SelfServiceView> => {
  const link = await deps.subscriptions.selfServiceLink(linkToken);
  if (
    !link ||
    link.scope.environment !== environment ||
    Date.parse(link.expiresAt) <= deps.clock.now().getTime()
  )
    throw new PinError('not_found');
  const loaded = await getSubscription(deps, link.scope, link.subscriptionToken, 'not_found');
  const { subscription } = loaded;
  if (!issuedInCurrentRun(link, subscription)) throw new PinError('not_found');
  const plan = (await deps.plans.get(link.scope, subscription.planToken))?.plan ?? null;
  return {
    scope: link.scope,
    subscription,
    loaded,
    plan,
    mayCancel: isRunning(subscription) && plan !== null && customerMayCancel(plan),
  };
};

/**
 * The customer cancels on the hosted page: as the merchant's DELETE, `cancelled` at once (behaviour.md),
 * but its event is subscription.unsubscribed, since the customer did it. Only when the plan's
 * customer_permissions hold `cancel` (else 403 transaction_forbidden); a subscription no longer
 * running answers 400 invalid_state, as DELETE does.
 */
export const unsubscribe = (
  deps: ViewDeps & { ids: Ids; pacing: RetryPacing },
  environment: Environment,
  linkToken: string,
): Promise<Subscription> =>
  changeWithRetry(deps, async () => {
    const view = await selfServiceView(deps, environment, linkToken);
    if (!view.plan || !customerMayCancel(view.plan))
      throw new PinError('transaction_forbidden', {
        description: 'This subscription cannot be cancelled by its customer.',
      });
    const now = deps.clock.now();
    const after = cancelSubscription(view.subscription, now);
    await commitPlainChange(
      deps,
      view.scope,
      view.loaded,
      after,
      { events: ['subscription.unsubscribed'] },
      now,
    );
    return after;
  });
