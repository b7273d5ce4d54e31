import { getSubscription, listLedger, listSubscriptions } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentLedgerEntry, presentSubscription } from '@wattle/wire';
import type { SubscriptionsDeps } from './deps.ts';

/** GET /subscriptions: top-level count and short pagination. */
export const listSubscriptionsRoute: RouteHandler<SubscriptionsDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  const subscriptions = await listSubscriptions(deps, scopeOf(request), page);
  return listOf('short-with-count', page, subscriptions, presentSubscription);
};

export const getSubscriptionRoute: RouteHandler<
  SubscriptionsDeps,
  'GET /1/subscriptions/{sub_token}'
> = async (request, deps) => {
  const scope = scopeOf(request);
  const loaded = await getSubscription(deps, scope, request.params.sub_token, 'resource_not_found');
  return resource(200, presentSubscription(loaded.subscription));
};

/** GET /subscriptions/{token}/ledger: top-level count and short pagination, newest first. */
export const listLedgerRoute: RouteHandler<
  SubscriptionsDeps,
  'GET /1/subscriptions/{sub_token}/ledger'
> = async (request, deps) => {
  const page = pageOf(request.query);
  const entries = await listLedger(deps, scopeOf(request), request.params.sub_token, page);
  return listOf('short-with-count', page, entries, presentLedgerEntry);
};
