import type { Scope } from '@wattle/domain';
import { Refusal } from './outcomes.ts';

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

export type IdempotencyStart = { outcome: 'started' } | HeldKey;

/** A key another request holds: its answer to replay, still in progress, or another request's. */
export type HeldKey =
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'in-progress' }
  | { outcome: 'mismatch' };

/**
 * A key's claim, first in the transaction of the request's first write (a payment's reservation:
 * PaymentsStore.commit), rather than a write of its own before it: as IdempotencyStore.start, the
 * key taken when it is free, expired, or abandoned by the same request, and otherwise the whole
 * write refused with KeyHeld, its answer read from the same round trip.
 */
export interface KeyClaim {
  kind: 'key-claim';
  keyHash: string;
  requestHash: string;
  times: IdempotencyTimes;
}

/** A key's claim (KeyClaim) refused: the key is held, and the write it rode with is not made. */
export class KeyHeld extends Refusal {
  constructor(readonly held: HeldKey) {
    super(`The Idempotency-Key is held: ${held.outcome}`);
  }
}

/**
 * What a request's Idempotency-Key writes with the payment it makes (@wattle/http's keptAnswer
 * makes it): its claim rides first in the reservation, its answer in the settlement, so the key
 * costs no round trip of its own.
 */
export interface KeyWrites<T> {
  /** The key's claim, first in the reservation (none when the request holds the key already). */
  claim: readonly KeyClaim[];
  /** Told once the reservation carrying `claim` committed: the key is the request's. */
  claimed(): void;
  /**
   * Claims the key on its own, as every route's (KeyHeld when it is held): before a request answers
   * with what an earlier attempt of it made, whose reservation it never reached.
   */
  claimAlone(): Promise<void>;
  /** The key's answer for the outcome, committed with the settlement (none for a 5xx). */
  answer(outcome: T): readonly KeyCompletion[];
}

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
