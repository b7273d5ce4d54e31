import type { Route } from '../route.ts';

/** The subscriptions function's routes (its bundle holds these, not the whole table). */
export const subscriptionsRoutes = [
  { method: 'POST', path: '/1/subscriptions', fn: 'subscriptions', auth: 'secret' },
  { method: 'GET', path: '/1/subscriptions', fn: 'subscriptions', auth: 'secret' },
  {
    method: 'GET',
    path: '/1/subscriptions/{sub_token}',
    fn: 'subscriptions',
    auth: 'secret',
    notFound: 'resource_not_found',
  },
  {
    method: 'PUT',
    path: '/1/subscriptions/{sub_token}',
    fn: 'subscriptions',
    auth: 'secret',
    notFound: 'resource_not_found',
    // docs/api/behaviour.md: card_token null selects the customer's default card (absent is refused).
    keepsNull: ['card_token'],
  },
  { method: 'DELETE', path: '/1/subscriptions/{sub_token}', fn: 'subscriptions', auth: 'secret' },
  { method: 'PUT', path: '/1/subscriptions/{sub_token}/reactivate', fn: 'subscriptions', auth: 'secret' },
  { method: 'GET', path: '/1/subscriptions/{sub_token}/ledger', fn: 'subscriptions', auth: 'secret' },
  {
    method: 'POST',
    path: '/1/subscriptions/{sub_token}/self_service_link',
    fn: 'subscriptions',
    auth: 'secret',
  },
  // The customer's hosted page: its link token (in the query, or the form) is its only key.
  { method: 'GET', path: '/1/subscription_self_service', fn: 'subscriptions', auth: 'none' },
  { method: 'POST', path: '/1/subscription_self_service', fn: 'subscriptions', auth: 'none' },
  // Cancelling is the subscriptions function's work, whichever path names the subscription.
  {
    method: 'DELETE',
    path: '/1/customers/{customer_token}/subscriptions/{sub_token}',
    fn: 'subscriptions',
    auth: 'secret',
  },
] as const satisfies readonly Route[];
