import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The subscriptions function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
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

/**
 * What the subscriptions function may touch: the CDK stack grants it exactly this
 * (infra/stack.ts). Starting and reactivating a subscription bill the customer's stored card at
 * once.
 */
export const access = {
  table: tableAccess.readWrite,
  cardKey: true,
  processor: true,
} satisfies FunctionAccess;
