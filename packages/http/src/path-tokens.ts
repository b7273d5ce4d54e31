import { isToken, PinError, requestedResourceNotFound, type TokenPrefix } from '@wattle/domain';
import type { Route } from '@wattle/routes';

/** The token prefix of each path parameter the route table names (a unit test holds it to it). */
export const pathTokenPrefixes: Record<string, TokenPrefix> = {
  auth_token: 'auth',
  card_token: 'card',
  charge_token: 'ch',
  customer_token: 'cus',
  event_token: 'evt',
  file_token: 'file',
  apple_pay_domain_token: 'apmd',
  merchant_token: 'mrch',
  payment_source_token: 'ps',
  plan_token: 'plan',
  recipient_token: 'rp',
  refund_token: 'rf',
  session_token: 'se',
  sub_token: 'sub',
  transfer_token: 'tfer',
  deposit_token: 'dpo',
  dispute_token: 'dis',
  webhook_endpoint_token: 'whe',
  webhook_token: 'whr',
};

/** The functions whose 404s Pin words as its not_found, whatever the code (requestedResourceNotFound). */
const recordedNotFound: ReadonlySet<Route['fn']> = new Set(['subscriptions', 'events']);

/**
 * Refuses a path token that cannot exist (another shape, or longer than any token) with the
 * route's 404 for an unknown token, before it becomes a DynamoDB key: a key over DynamoDB's size
 * limit would fail the call and answer a 500.
 */
export const checkPathTokens = (route: Route, params: Record<string, string>): void => {
  for (const [name, value] of Object.entries(params)) {
    const prefix = pathTokenPrefixes[name];
    if (prefix !== undefined && isToken(value, prefix)) continue;
    const code = route.notFound ?? 'not_found';
    throw recordedNotFound.has(route.fn) ? requestedResourceNotFound(code) : new PinError(code);
  }
};
