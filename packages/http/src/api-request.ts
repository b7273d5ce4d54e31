import type { ApiKeyGrant, Environment, Scope } from '@wattle/domain';
import type { Route } from '@wattle/routes';
import type { Fields } from './fields.ts';
import type { Upload } from './parse-multipart.ts';

/**
 * A request as route handlers see it: routed, parsed and authenticated. `Params` are its path
 * parameters: a route handler's are its route's (PathParams, through RouteHandler).
 */
export interface ApiRequest<
  Params extends Readonly<Record<string, string>> = Readonly<Record<string, string>>,
> {
  route: Route;
  routeKey: string;
  environment: Environment;
  /** The merchant and environment the key acts in (null for partner keys). */
  scope: Scope | null;
  grant: ApiKeyGrant | null;
  params: Params;
  query: Fields;
  body: Fields;
  /** The file parts of a multipart body, by field name (none on other routes and bodies). */
  uploads: Record<string, Upload>;
  /** The caller's address, as Pin echoes it in `ip_address`. */
  sourceIp: string;
  requestId: string;
  /** JSONP callback name, for GET requests that carry `callback`. */
  jsonpCallback: string | null;
  /** The request's Idempotency-Key header, as sent (the idempotency middleware checks it). */
  idempotencyKey: string | null;
  /**
   * The key this request claimed, once the idempotency middleware has (none without a key, on a
   * read, or for a partner key). A route whose own last write keeps its answer under the key
   * (keptAnswer) marks it answered, and the middleware writes nothing more.
   */
  idempotencyClaim?: IdempotencyClaim | undefined;
}

/** An Idempotency-Key claimed by the request: its stored name, and whether its answer is kept already. */
export interface IdempotencyClaim {
  keyHash: string;
  answered: boolean;
}

/** The merchant scope of a request that was authenticated with a merchant key. */
export const scopeOf = (request: ApiRequest): Scope => {
  if (!request.scope) throw new Error(`Route ${request.routeKey} needs a merchant key`);
  return request.scope;
};
