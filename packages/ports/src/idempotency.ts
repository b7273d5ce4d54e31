import type { Scope } from '@wattle/domain';

/** The response kept for a key, replayed to every retry of the same request. */
export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The answer kept under a request's Idempotency-Key, written by the request's own last write (a
 * payment's settlement: PaymentsStore.commit) rather than by a write of its own after it. As
 * IdempotencyStore.complete: the key's record completed with `response`, unconditionally, so
 * the write it rides with is never refused on its account.
 */
export interface KeyCompletion {
  kind: 'key-completion';
  keyHash: string;
  response: StoredResponse;
}

export type IdempotencyStart =
  | { outcome: 'started' }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'in-progress' }
  | { outcome: 'mismatch' };

export interface IdempotencyTimes {
  now: Date;
  /** How long a key and its response are kept (at least 24 hours). */
  retentionSeconds: number;
  /** How long a request may hold its key before a retry may take over (longer than any request). */
  lockSeconds: number;
}

/**
 * Idempotency keys, scoped to one merchant and environment. A key is claimed when its request
 * starts; the response is stored when it ends; a retry with the same key and request gets that
 * response, with another request a refusal, and while the first runs `in-progress`.
 */
export interface IdempotencyStore {
  start(
    scope: Scope,
    keyHash: string,
    requestHash: string,
    times: IdempotencyTimes,
  ): Promise<IdempotencyStart>;
  complete(scope: Scope, keyHash: string, response: StoredResponse): Promise<void>;
  release(scope: Scope, keyHash: string): Promise<void>;
}
