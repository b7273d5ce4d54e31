import {
  type ErrorCode,
  type LedgerEntry,
  requestedResourceNotFound,
  type Scope,
  type Subscription,
} from '@wattle/domain';
import type { LoadedSubscription, Page, SubscriptionsStore } from '@wattle/ports';

/** The 404 code of the route: Pin gives subscriptions both `resource_not_found` and `not_found`. */
export type NotFoundCode = Extract<ErrorCode, 'not_found' | 'resource_not_found'>;

type Deps = { subscriptions: SubscriptionsStore };

/** A subscription shown to the merchant (one whose first bill is under way is not there yet). */
export const getSubscription = async (
  { subscriptions }: Deps,
  scope: Scope,
  token: string,
  notFound: NotFoundCode,
): Promise<LoadedSubscription> => {
  const loaded = await subscriptions.get(scope, token);
  if (!loaded || loaded.starting) throw requestedResourceNotFound(notFound);
  return loaded;
};

export const listSubscriptions = (
  { subscriptions }: Deps,
  scope: Scope,
  page: number,
): Promise<Page<Subscription>> => subscriptions.list(scope, page);

/** GET /subscriptions/{token}/ledger: 404 not_found unless the subscription is shown. */
export const listLedger = async (
  deps: Deps,
  scope: Scope,
  token: string,
  page: number,
): Promise<Page<LedgerEntry>> => {
  const { subscription } = await getSubscription(deps, scope, token, 'not_found');
  return deps.subscriptions.ledger(scope, subscription.token, page);
};
