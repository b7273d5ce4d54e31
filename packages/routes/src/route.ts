import type { registry } from './registry.generated.ts';

/** What a route of the route table is (routes.ts), and the functions that answer them. */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

/**
 * Which key a route takes (docs/api/requests.md); `secret-or-partner`: the events, where a
 * partner reads the application events of the merchants it referred.
 */
export type AuthMode = 'secret' | 'secret-or-publishable' | 'secret-or-partner' | 'partner' | 'none';

/** The functions, by their folders' names (functions/<fn>): the registry's, which `npm run registry` writes. */
export type FunctionName = keyof typeof registry;

export interface Route {
  method: HttpMethod;
  /** API Gateway path syntax, relative to the stage: `/1/customers/{customer_token}`. */
  path: string;
  fn: FunctionName;
  auth: AuthMode;
  /** A GET that stands for a POST over JSONP (`callback`, `_method=POST`), as Pin.js sends it. */
  jsonp?: boolean;
  /**
   * The 404 an unknown token in the path answers with, when Pin's API reference gives the route
   * `resource_not_found` rather than `not_found`; a token that cannot exist answers the same.
   */
  notFound?: 'resource_not_found';
  /** The body is a multipart/form-data upload (POST /files), read over its bytes and allowed a file's size. */
  body?: 'multipart';
  /**
   * The top-level body fields whose JSON `null` is a value rather than a parameter not given
   * (issue 41: everywhere else a null is dropped before validation). Only where requests.md gives null
   * a meaning: PUT /subscriptions/{token}, `card_token` null selects the customer's primary card.
   */
  keepsNull?: readonly string[];
  /**
   * Who calls the route when not a merchant: `processor`, the payment processor's notifications
   * (Adyen's webhooks). No part of Pin's API (no OpenAPI operation); no Pin key (`auth: 'none'`):
   * the processor's signatures authenticate each notification, over the body as it came.
   */
  caller?: 'processor';
}
