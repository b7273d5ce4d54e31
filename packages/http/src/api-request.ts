import type { ApiKeyGrant, Environment, Scope } from '@wattle/domain';
import type { IdempotencyTimes } from '@wattle/ports';
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
   * The request's Idempotency-Key, as the idempotency middleware holds it (none without a key, on a
   * read, or for a partner key): claimed by the middleware, or, on a route whose own writes claim it
   * and keep its answer (keptAnswer), left to them.
   */
  idempotencyClaim?: IdempotencyClaim | undefined;
}

/**
 * A request's Idempotency-Key: its stored name, its request's digest, and where it stands:
 * `deferred` (its route's first write is to claim it), `claimed` (the request's), or `answered`
 * (its answer kept by the route's own last write: the middleware writes nothing more).
 */
export interface IdempotencyClaim {
  keyHash: string;
  requestHash: string;
  state: 'deferred' | 'claimed' | 'answered';
  /** The claim's times from now: when it was made, its lock, its retention. */
  times(): IdempotencyTimes;
  /** Claims a deferred key on its own, as every route's (KeyHeld when it is held). */
  claimAlone(): Promise<void>;
}

/** The merchant scope of a request that was authenticated with a merchant key. */
export const scopeOf = (request: ApiRequest): Scope => {
  if (!request.scope) throw new Error(`Route ${request.routeKey} needs a merchant key`);
  return request.scope;
};
