import { apiHandler } from '@wattle/http';
import { cancelCustomerSubscription, cancelSubscriptionRoute } from './cancel-subscription.ts';
import { createSubscription } from './create-subscription.ts';
import { subscriptionsDeps } from './deps.ts';
import { reactivateSubscriptionRoute } from './reactivate-subscription.ts';
import { getSubscriptionRoute, listLedgerRoute, listSubscriptionsRoute } from './read-subscriptions.ts';
import { routes } from './routes.ts';
import { issueSelfServiceLinkRoute, selfServiceCancel, selfServicePage } from './self-service.ts';
import { updateSubscription } from './update-subscription.ts';

export const handler = apiHandler('subscriptions', routes, subscriptionsDeps, {
  'POST /1/subscriptions': createSubscription,
  'GET /1/subscriptions': listSubscriptionsRoute,
  'GET /1/subscriptions/{sub_token}': getSubscriptionRoute,
  'PUT /1/subscriptions/{sub_token}': updateSubscription,
  'DELETE /1/subscriptions/{sub_token}': cancelSubscriptionRoute,
  'PUT /1/subscriptions/{sub_token}/reactivate': reactivateSubscriptionRoute,
  'GET /1/subscriptions/{sub_token}/ledger': listLedgerRoute,
  'POST /1/subscriptions/{sub_token}/self_service_link': issueSelfServiceLinkRoute,
  'GET /1/subscription_self_service': selfServicePage,
  'POST /1/subscription_self_service': selfServiceCancel,
  'DELETE /1/customers/{customer_token}/subscriptions/{sub_token}': cancelCustomerSubscription,
});
