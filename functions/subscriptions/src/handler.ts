import { apiHandler } from '@wattle/http';
import {
  cancelCustomerSubscription,
  cancelSubscriptionRoute,
  createSubscription,
  getSubscription,
  listLedger,
  listSubscriptions,
  reactivateSubscriptionRoute,
  updateSubscription,
} from './routes.ts';

export const handler = apiHandler('subscriptions', {
  'POST /1/subscriptions': createSubscription,
  'GET /1/subscriptions': listSubscriptions,
  'GET /1/subscriptions/{sub_token}': getSubscription,
  'PUT /1/subscriptions/{sub_token}': updateSubscription,
  'DELETE /1/subscriptions/{sub_token}': cancelSubscriptionRoute,
  'PUT /1/subscriptions/{sub_token}/reactivate': reactivateSubscriptionRoute,
  'GET /1/subscriptions/{sub_token}/ledger': listLedger,
  'DELETE /1/customers/{customer_token}/subscriptions/{sub_token}': cancelCustomerSubscription,
});
