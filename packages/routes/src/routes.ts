/**
 * The one route table: the CDK stack makes an API Gateway route of each entry, the local gateway
 * matches requests against it, and each function routes its own entries with @middy/http-router
 * and checks authentication by them.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

/**
 * Which key a route takes (SPEC.md "Authentication"); `secret-or-partner`: the events, where a
 * partner reads the application events of the merchants it referred.
 */
export type AuthMode = 'secret' | 'secret-or-publishable' | 'secret-or-partner' | 'partner' | 'none';

export const functionNames = [
  'cards',
  'payment-sources',
  'customers',
  'not-found',
  'scheduler',
  'webhook-endpoints',
  'webhooks',
  'events',
  'webhook-delivery',
  'expired-items',
  'charges',
  'authorisations',
  'refunds',
  'bank-accounts',
  'merchants',
  'balance',
  'recipients',
  'plans',
  'subscriptions',
  'transfers',
  'deposits',
  'disputes',
  'files',
  'apple-pay',
] as const;
export type FunctionName = (typeof functionNames)[number];

export interface Route {
  method: HttpMethod;
  /** API Gateway path syntax, relative to the stage: `/1/customers/{customer_token}`. */
  path: string;
  fn: FunctionName;
  auth: AuthMode;
  /** A GET that stands for a POST over JSONP (`callback`, `_method=POST`), as Pin.js sends it. */
  jsonp?: boolean;
  /**
   * The 404 an unknown token in the path answers with, when SPEC.md gives the route
   * `resource_not_found` rather than `not_found`; a token that cannot exist answers the same.
   */
  notFound?: 'resource_not_found';
  /** The body is a multipart/form-data upload (POST /files), read over its bytes and allowed a file's size. */
  body?: 'multipart';
}

const routeTable = [
  { method: 'POST', path: '/1/cards', fn: 'cards', auth: 'secret-or-publishable' },
  { method: 'POST', path: '/1/cards.json', fn: 'cards', auth: 'secret-or-publishable' },
  // JSONP as Pin.js uses it: GET with _method=POST and the card fields in the query string.
  { method: 'GET', path: '/1/cards.json', fn: 'cards', auth: 'secret-or-publishable', jsonp: true },
  { method: 'GET', path: '/1/cards', fn: 'cards', auth: 'secret-or-publishable', jsonp: true },

  // Payment sources take the publishable key and JSONP as cards do (PIN-REFERENCE §1.6, §4.4).
  { method: 'POST', path: '/1/payment_sources', fn: 'payment-sources', auth: 'secret-or-publishable' },
  { method: 'POST', path: '/1/payment_sources.json', fn: 'payment-sources', auth: 'secret-or-publishable' },
  {
    method: 'GET',
    path: '/1/payment_sources.json',
    fn: 'payment-sources',
    auth: 'secret-or-publishable',
    jsonp: true,
  },
  {
    method: 'GET',
    path: '/1/payment_sources',
    fn: 'payment-sources',
    auth: 'secret-or-publishable',
    jsonp: true,
  },
  {
    method: 'GET',
    path: '/1/payment_sources/{payment_source_token}',
    fn: 'payment-sources',
    auth: 'secret',
  },

  { method: 'POST', path: '/1/bank_accounts', fn: 'bank-accounts', auth: 'secret-or-publishable' },
  { method: 'POST', path: '/1/bank_accounts.json', fn: 'bank-accounts', auth: 'secret-or-publishable' },
  {
    method: 'GET',
    path: '/1/bank_accounts.json',
    fn: 'bank-accounts',
    auth: 'secret-or-publishable',
    jsonp: true,
  },
  {
    method: 'GET',
    path: '/1/bank_accounts',
    fn: 'bank-accounts',
    auth: 'secret-or-publishable',
    jsonp: true,
  },

  { method: 'POST', path: '/1/merchants', fn: 'merchants', auth: 'partner' },
  { method: 'GET', path: '/1/merchants', fn: 'merchants', auth: 'partner' },
  { method: 'GET', path: '/1/merchants/default_settings', fn: 'merchants', auth: 'partner' },
  { method: 'GET', path: '/1/merchants/{merchant_token}', fn: 'merchants', auth: 'partner' },

  { method: 'GET', path: '/1/balance', fn: 'balance', auth: 'secret' },

  { method: 'POST', path: '/1/recipients', fn: 'recipients', auth: 'secret' },
  { method: 'GET', path: '/1/recipients', fn: 'recipients', auth: 'secret' },
  { method: 'GET', path: '/1/recipients/{recipient_token}', fn: 'recipients', auth: 'secret' },
  { method: 'PUT', path: '/1/recipients/{recipient_token}', fn: 'recipients', auth: 'secret' },
  { method: 'DELETE', path: '/1/recipients/{recipient_token}', fn: 'recipients', auth: 'secret' },
  { method: 'GET', path: '/1/recipients/{recipient_token}/transfers', fn: 'recipients', auth: 'secret' },

  { method: 'POST', path: '/1/transfers', fn: 'transfers', auth: 'secret' },
  { method: 'GET', path: '/1/transfers', fn: 'transfers', auth: 'secret' },
  { method: 'GET', path: '/1/transfers/search', fn: 'transfers', auth: 'secret' },
  { method: 'GET', path: '/1/transfers/{transfer_token}', fn: 'transfers', auth: 'secret' },
  { method: 'GET', path: '/1/transfers/{transfer_token}/line_items', fn: 'transfers', auth: 'secret' },

  { method: 'GET', path: '/1/deposits', fn: 'deposits', auth: 'secret' },
  { method: 'GET', path: '/1/deposits/{deposit_token}', fn: 'deposits', auth: 'secret' },

  { method: 'POST', path: '/1/customers', fn: 'customers', auth: 'secret' },
  { method: 'GET', path: '/1/customers', fn: 'customers', auth: 'secret' },
  { method: 'GET', path: '/1/customers/{customer_token}', fn: 'customers', auth: 'secret' },
  { method: 'PUT', path: '/1/customers/{customer_token}', fn: 'customers', auth: 'secret' },
  { method: 'DELETE', path: '/1/customers/{customer_token}', fn: 'customers', auth: 'secret' },
  { method: 'GET', path: '/1/customers/{customer_token}/charges', fn: 'customers', auth: 'secret' },
  { method: 'GET', path: '/1/customers/{customer_token}/cards', fn: 'customers', auth: 'secret' },
  {
    method: 'POST',
    path: '/1/customers/{customer_token}/cards',
    fn: 'customers',
    auth: 'secret-or-publishable',
  },
  {
    method: 'DELETE',
    path: '/1/customers/{customer_token}/cards/{card_token}',
    fn: 'customers',
    auth: 'secret',
  },
  { method: 'GET', path: '/1/customers/{customer_token}/subscriptions', fn: 'customers', auth: 'secret' },

  { method: 'POST', path: '/1/webhook_endpoints', fn: 'webhook-endpoints', auth: 'secret' },
  { method: 'GET', path: '/1/webhook_endpoints', fn: 'webhook-endpoints', auth: 'secret' },
  {
    method: 'GET',
    path: '/1/webhook_endpoints/{webhook_endpoint_token}',
    fn: 'webhook-endpoints',
    auth: 'secret',
    notFound: 'resource_not_found',
  },
  {
    method: 'DELETE',
    path: '/1/webhook_endpoints/{webhook_endpoint_token}',
    fn: 'webhook-endpoints',
    auth: 'secret',
    notFound: 'resource_not_found',
  },
  { method: 'GET', path: '/1/webhooks', fn: 'webhooks', auth: 'secret' },
  {
    method: 'GET',
    path: '/1/webhooks/{webhook_token}',
    fn: 'webhooks',
    auth: 'secret',
    notFound: 'resource_not_found',
  },
  {
    method: 'PUT',
    path: '/1/webhooks/{webhook_token}/replay',
    fn: 'webhooks',
    auth: 'secret',
    notFound: 'resource_not_found',
  },
  { method: 'GET', path: '/1/events', fn: 'events', auth: 'secret-or-partner' },
  {
    method: 'GET',
    path: '/1/events/{event_token}',
    fn: 'events',
    auth: 'secret-or-partner',
    notFound: 'resource_not_found',
  },

  { method: 'POST', path: '/1/charges', fn: 'charges', auth: 'secret' },
  { method: 'GET', path: '/1/charges', fn: 'charges', auth: 'secret' },
  { method: 'GET', path: '/1/charges/search', fn: 'charges', auth: 'secret' },
  { method: 'GET', path: '/1/charges/verify', fn: 'charges', auth: 'secret' },
  { method: 'GET', path: '/1/charges/{charge_token}', fn: 'charges', auth: 'secret' },
  { method: 'PUT', path: '/1/charges/{charge_token}/void', fn: 'charges', auth: 'secret' },
  { method: 'PUT', path: '/1/charges/{charge_token}/capture', fn: 'charges', auth: 'secret' },
  // The simulated issuer's 3-D Secure page: the payer's browser carries no key, only the session.
  { method: 'GET', path: '/1/three_d_secure/{session_token}', fn: 'charges', auth: 'none' },
  { method: 'POST', path: '/1/three_d_secure/{session_token}', fn: 'charges', auth: 'none' },

  { method: 'POST', path: '/1/authorisations', fn: 'authorisations', auth: 'secret' },
  { method: 'GET', path: '/1/authorisations', fn: 'authorisations', auth: 'secret' },
  { method: 'GET', path: '/1/authorisations/{auth_token}', fn: 'authorisations', auth: 'secret' },
  { method: 'PUT', path: '/1/authorisations/{auth_token}/void', fn: 'authorisations', auth: 'secret' },
  { method: 'POST', path: '/1/authorisations/{auth_token}/charges', fn: 'authorisations', auth: 'secret' },

  { method: 'POST', path: '/1/charges/{charge_token}/refunds', fn: 'refunds', auth: 'secret' },
  { method: 'GET', path: '/1/charges/{charge_token}/refunds', fn: 'refunds', auth: 'secret' },
  { method: 'GET', path: '/1/refunds', fn: 'refunds', auth: 'secret' },
  { method: 'GET', path: '/1/refunds/{refund_token}', fn: 'refunds', auth: 'secret' },

  { method: 'GET', path: '/1/disputes', fn: 'disputes', auth: 'secret' },
  // PIN-REFERENCE §4.12: HEAD answers the count alone, in X-Total-Count.
  { method: 'HEAD', path: '/1/disputes', fn: 'disputes', auth: 'secret' },
  { method: 'GET', path: '/1/disputes/search', fn: 'disputes', auth: 'secret' },
  { method: 'GET', path: '/1/disputes/{dispute_token}', fn: 'disputes', auth: 'secret' },
  { method: 'GET', path: '/1/disputes/{dispute_token}/activity', fn: 'disputes', auth: 'secret' },
  { method: 'GET', path: '/1/disputes/{dispute_token}/evidence', fn: 'disputes', auth: 'secret' },
  { method: 'PUT', path: '/1/disputes/{dispute_token}/evidence', fn: 'disputes', auth: 'secret' },
  { method: 'POST', path: '/1/disputes/{dispute_token}/evidence', fn: 'disputes', auth: 'secret' },
  { method: 'POST', path: '/1/disputes/{dispute_token}/accept', fn: 'disputes', auth: 'secret' },

  { method: 'POST', path: '/1/plans', fn: 'plans', auth: 'secret' },
  { method: 'GET', path: '/1/plans', fn: 'plans', auth: 'secret' },
  { method: 'GET', path: '/1/plans/{plan_token}', fn: 'plans', auth: 'secret' },
  { method: 'PUT', path: '/1/plans/{plan_token}', fn: 'plans', auth: 'secret' },
  { method: 'DELETE', path: '/1/plans/{plan_token}', fn: 'plans', auth: 'secret' },
  { method: 'POST', path: '/1/plans/{plan_token}/subscriptions', fn: 'plans', auth: 'secret' },
  { method: 'GET', path: '/1/plans/{plan_token}/subscriptions', fn: 'plans', auth: 'secret' },
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

  { method: 'POST', path: '/1/files', fn: 'files', auth: 'secret', body: 'multipart' },
  { method: 'GET', path: '/1/files/{file_token}', fn: 'files', auth: 'secret' },
  { method: 'DELETE', path: '/1/files/{file_token}', fn: 'files', auth: 'secret' },

  { method: 'POST', path: '/1/apple_pay/domains', fn: 'apple-pay', auth: 'secret' },
  { method: 'GET', path: '/1/apple_pay/domains', fn: 'apple-pay', auth: 'secret' },
  {
    method: 'DELETE',
    path: '/1/apple_pay/domains/{apple_pay_domain_token}',
    fn: 'apple-pay',
    auth: 'secret',
  },
  { method: 'GET', path: '/1/apple_pay/host_check', fn: 'apple-pay', auth: 'secret' },
  { method: 'POST', path: '/1/apple_pay/sessions', fn: 'apple-pay', auth: 'secret' },
] as const satisfies readonly Route[];

export const routes: readonly Route[] = routeTable;

type TableRoute = (typeof routeTable)[number];

/**
 * The route keys (`"GET /1/charges/{charge_token}"`) of one function's routes, as a type: a
 * function's handler map must name each of them, and nothing else.
 */
export type RouteKeyOf<F extends FunctionName> = TableRoute extends infer R
  ? R extends { fn: F; method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;

/** The routes one function answers. */
export const routesOf = (fn: FunctionName): Route[] => routes.filter((route) => route.fn === fn);

/** The function that answers every request no route matches, with Pin's 404 body. */
export const fallbackFunction: FunctionName = 'not-found';

/** Whether a route's requests carry a body to read: not a GET's, nor a HEAD's. */
export const takesBody = (route: Pick<Route, 'method'>): boolean =>
  route.method !== 'GET' && route.method !== 'HEAD';

/** API Gateway's route key: `METHOD /path`. */
export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/** The handler module of a function, relative to the repository root. */
export const functionEntry = (fn: FunctionName): string => `functions/${fn}/src/handler.ts`;

export interface RouteMatch {
  route: Route;
  pathParameters: Record<string, string>;
}

const segmentsOf = (path: string): string[] => path.split('/').filter((s) => s !== '');
const safeDecode = (value: string): string | null => {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};
const isParam = (segment: string): boolean => segment.startsWith('{') && segment.endsWith('}');

/**
 * Each route's path cut into segments (a parameter's name, or null for a literal), by method and
 * segment count: made on the first match and kept, since every request is matched (the local
 * gateway) and the table never changes. A request is compared only with the few routes of its
 * method and length, not the whole table.
 */
type Pattern = { route: Route; segments: string[]; params: (string | null)[] };
let patterns: Map<string, Pattern[]> | undefined;
const indexKey = (method: string, segments: number): string => `${method} ${segments}`;
const patternsOf = (method: string, segments: number): Pattern[] => {
  patterns ??= routes.reduce((index, route) => {
    const cut = segmentsOf(route.path);
    const params = cut.map((segment) => (isParam(segment) ? segment.slice(1, -1) : null));
    const key = indexKey(route.method, cut.length);
    index.set(key, [...(index.get(key) ?? []), { route, segments: cut, params }]);
    return index;
  }, new Map<string, Pattern[]>());
  return patterns.get(indexKey(method, segments)) ?? [];
};

/**
 * Matches a request path (relative to the stage) as API Gateway does: a literal segment beats a
 * parameter, so `/1/charges/search` wins over `/1/charges/{charge_token}`.
 */
export const matchRoute = (method: string, path: string): RouteMatch | null => {
  const requested = segmentsOf(path);
  let best: RouteMatch | null = null;
  let bestLiterals = -1;
  for (const { route, segments, params: names } of patternsOf(method, requested.length)) {
    const params: Record<string, string> = {};
    let literals = 0;
    const matches = segments.every((segment, i) => {
      const value = requested[i] as string;
      const name = names[i];
      if (name) {
        const decoded = safeDecode(value);
        if (decoded === null) return false;
        params[name] = decoded;
        return true;
      }
      literals++;
      return segment === value;
    });
    if (matches && literals > bestLiterals) {
      best = { route, pathParameters: params };
      bestLiterals = literals;
    }
  }
  return best;
};
