import { createHash } from 'node:crypto';
import {
  type ApiKeyGrant,
  type Clock,
  idempotencyKeyRetentionSeconds,
  PinError,
  type Scope,
} from '@wattle/domain';
import {
  type HeldKey,
  type IdempotencyStore,
  type IdempotencyTimes,
  KeyHeld,
  type KeyWrites,
  type Logger,
  type StoredResponse,
} from '@wattle/ports';
import type { ApiRequest, IdempotencyClaim } from '../api-request.ts';
import type { ApiResult } from '../responses.ts';
import { responseOf } from './json-response.ts';
import { errorResponse } from './pin-errors.ts';
import type { ApiMiddleware, ApiMiddyRequest, ApiResponse } from './types.ts';

const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/** JSON with sorted keys, so the same fields in another order are the same request. */
const canonical = (value: unknown): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.keys(value as object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
};

/**
 * What makes two requests the same: the route, the path and the fields, and for an upload each
 * file's name and bytes (by digest), so another file under the same key is refused as another
 * request. Requests without uploads hash as they always did, so keys stored before still match.
 */
const requestParts = (api: ApiRequest): unknown[] => {
  const uploads = Object.entries(api.uploads ?? {}).map(([name, upload]) => [
    name,
    upload.filename,
    sha256(upload.bytes),
  ]);
  return uploads.length > 0
    ? [api.routeKey, api.params, api.body, uploads]
    : [api.routeKey, api.params, api.body];
};

const validKey = /^[\x21-\x7e]{1,255}$/;
const writeMethods = new Set(['POST', 'PUT', 'DELETE']);

/**
 * The stored name of a key. Publishable-key requests (card and bank account tokens, made in a
 * browser) get a key space of their own, so a key a page chose cannot take the one the merchant's
 * server uses for a charge; secret-key requests keep the plain hash, so keys stored before still
 * replay.
 */
const keyHashOf = (key: string, credential: ApiKeyGrant['kind'] | undefined): string =>
  credential === 'publishable' ? sha256(`publishable:${key}`) : sha256(key);

/**
 * What is kept under a key of a response: its status, its content type and its body; nothing of a
 * 5xx (null), so a request that failed on our side can be retried with its key.
 */
export const storedResponseOf = (response: ApiResponse): StoredResponse | null => {
  const status = response.statusCode ?? 200;
  if (status >= 500) return null;
  return {
    statusCode: status,
    headers: Object.fromEntries(
      Object.entries(response.headers ?? {}).filter(([name]) => name.toLowerCase() === 'content-type'),
    ) as Record<string, string>,
    body: typeof response.body === 'string' ? response.body : '',
  };
};

/** A route's answer: its result, or the error it throws (pinErrors answers it). */
type Answer = { result: ApiResult } | { error: unknown };

const answerOf = <T>(present: (outcome: T) => ApiResult, outcome: T): Answer => {
  try {
    return { result: present(outcome) };
  } catch (error) {
    return { error };
  }
};

/**
 * The answer of a route whose flow writes the request's Idempotency-Key itself
 * (claimingKeyInWrites): `key` gives the flow the key's writes (KeyWrites: its claim first in the
 * payment's reservation, its answer with the settlement; none without a key), and `answer`
 * answers the outcome the flow returns. When that is the very outcome whose answer was kept with
 * the settlement (the flow returns it only once that write committed), it answers exactly what
 * was kept and marks the key answered, so the middleware writes nothing more. Any other outcome
 * (an earlier attempt's payment) is answered afresh and kept by the middleware as every route's is.
 */
export const keptAnswer = <T extends object>(request: ApiRequest, present: (outcome: T) => ApiResult) => {
  const claim = request.idempotencyClaim;
  let kept: { outcome: T; answer: Answer } | undefined;
  const key: KeyWrites<T> | undefined = claim && {
    claim:
      claim.state === 'deferred'
        ? [
            {
              kind: 'key-claim',
              keyHash: claim.keyHash,
              requestHash: claim.requestHash,
              times: claim.times(),
            },
          ]
        : [],
    claimed: () => {
      if (claim.state === 'deferred') claim.state = 'claimed';
    },
    claimAlone: () => claim.claimAlone(),
    answer: (outcome) => {
      const answer = answerOf(present, outcome);
      const stored = storedResponseOf(
        'result' in answer ? responseOf(answer.result) : errorResponse(answer.error),
      );
      if (!stored) return [];
      kept = { outcome, answer };
      return [{ kind: 'key-completion', keyHash: claim.keyHash, response: stored }];
    },
  };
  return {
    key,
    answer: (outcome: T): ApiResult => {
      let answer: Answer;
      if (claim && kept?.outcome === outcome) {
        claim.state = 'answered';
        answer = kept.answer;
      } else answer = answerOf(present, outcome);
      if ('error' in answer) throw answer.error;
      return answer.result;
    },
  };
};

/** The route handlers whose flows claim the key with their own writes (claimingKeyInWrites). */
const claimingInWrites = new WeakSet<object>();

/**
 * Marks a route handler whose flow claims the request's Idempotency-Key with its own first write
 * and keeps the answer with its last (keptAnswer): the middleware claims nothing before it, so a
 * keyed request costs no round trip of the key's own (a payment: its reservation and settlement).
 */
export const claimingKeyInWrites = <H extends object>(handler: H): H => {
  claimingInWrites.add(handler);
  return handler;
};

/** Whether a handler's flow claims the key with its own writes (claimingKeyInWrites). */
export const claimsKeyInWrites = (handler: object): boolean => claimingInWrites.has(handler);

/**
 * What a held key answers: the answer kept under it, replayed; while the first request still
 * runs, 409; to another request, 422 (thrown, for pinErrors to answer).
 */
const answerHeld = (held: HeldKey): ApiResponse => {
  switch (held.outcome) {
    case 'replay':
      return {
        statusCode: held.response.statusCode,
        headers: { ...held.response.headers, 'Idempotent-Replayed': 'true' },
        body: held.response.body,
      };
    case 'in-progress':
      throw new PinError('idempotency_key_in_use');
    case 'mismatch':
      throw new PinError('idempotency_key_reused');
  }
};

const heldResponse = (held: HeldKey): ApiResponse => {
  try {
    return answerHeld(held);
  } catch (error) {
    return errorResponse(error);
  }
};

export const idempotencySettings = {
  retentionSeconds: idempotencyKeyRetentionSeconds,
  /** Longer than any request may run (API Gateway gives up at 30 s). */
  lockSeconds: 60,
};

/**
 * `Idempotency-Key` on POST, PUT and DELETE. The same key with the same request replays the first
 * response (status and body); with a different request it is refused (422); while the first is
 * still running, a second gets 409. Keys belong to one merchant and environment, and to one kind of
 * API key, publishable or secret (keyHashOf). Responses of 5xx are not kept, so a request that
 * failed on our side can be retried with its key.
 *
 * The key is claimed before the route runs, or, on a route whose flow claims it with its own first
 * write (`inWrites`: claimingKeyInWrites), by that write; a request that never reached that write
 * claims it when it answers, and a key held by another attempt answers as above (KeyHeld), as it
 * would have before the route ran. A 5xx of such a route claims nothing.
 *
 * Keeping or releasing the key comes after the request's own work: if that write fails (DynamoDB
 * throttling, say), the response still stands, since what the request did is committed (or, for a
 * 5xx, not). Answering an error instead would invite a retry of a request that already happened.
 * The key then stays locked until its lock runs out.
 */
export const idempotency = (
  repo: Pick<IdempotencyStore, 'start' | 'complete' | 'release'>,
  clock: Clock,
  logger?: Logger,
  { inWrites = false }: { inWrites?: boolean } = {},
): ApiMiddleware => {
  const bestEffort = async (what: string, write: () => Promise<void>) => {
    try {
      await write();
    } catch (error) {
      logger?.warn(`Could not ${what} the Idempotency-Key`, { error: error as Error });
    }
  };
  /** The answer stored under the key, or the key released after a 5xx. */
  const keep = async (scope: Scope, keyHash: string, response: ApiResponse) => {
    const stored = storedResponseOf(response);
    if (!stored) {
      await bestEffort('release', () => repo.release(scope, keyHash));
      return;
    }
    await bestEffort('store the response of', () => repo.complete(scope, keyHash, stored));
  };
  /**
   * A route that claims the key in its writes, answering without having claimed it: a key held by
   * another attempt answers instead (KeyHeld, from its writes or from the claim now); a free one is
   * claimed and keeps the answer; a 5xx claims nothing.
   */
  const claimThenKeep = async (request: ApiMiddyRequest, scope: Scope, claim: IdempotencyClaim) => {
    if (request.error instanceof KeyHeld) {
      request.response = heldResponse(request.error.held);
      return;
    }
    if (!storedResponseOf(request.response!)) return;
    try {
      await claim.claimAlone();
    } catch (error) {
      if (error instanceof KeyHeld) request.response = heldResponse(error.held);
      else logger?.warn('Could not claim the Idempotency-Key', { error: error as Error });
      return;
    }
    await keep(scope, claim.keyHash, request.response!);
  };
  /**
   * Synchronous when the request claimed no key (every read), or when its route kept the answer
   * with its own last write (keptAnswer), so middy has nothing to wait for.
   */
  const finish = (request: ApiMiddyRequest): Promise<void> | undefined => {
    const claim = request.internal.idempotency;
    const scope = request.internal.api?.scope;
    const response = request.response;
    if (!claim || !scope || !response) return;
    request.internal.idempotency = undefined;
    switch (claim.state) {
      case 'answered':
        return;
      case 'claimed':
        return keep(scope, claim.keyHash, response);
      case 'deferred':
        return claimThenKeep(request, scope, claim);
    }
  };
  /**
   * The key as this request holds it: claimed now, or left to the route's writes (`inWrites`);
   * else the first request's answer, or its refusal.
   */
  const claim = async (request: ApiMiddyRequest, api: ApiRequest, scope: Scope, key: string) => {
    const keyHash = keyHashOf(key, api.grant?.kind);
    const requestHash = sha256(canonical(requestParts(api)));
    const times = (): IdempotencyTimes => ({ now: clock.now(), ...idempotencySettings });
    const held: IdempotencyClaim = {
      keyHash,
      requestHash,
      state: 'deferred',
      times,
      claimAlone: async () => {
        if (held.state !== 'deferred') return;
        const start = await repo.start(scope, keyHash, requestHash, times());
        if (start.outcome !== 'started') throw new KeyHeld(start);
        held.state = 'claimed';
      },
    };
    if (!inWrites) {
      const start = await repo.start(scope, keyHash, requestHash, times());
      if (start.outcome !== 'started') return answerHeld(start);
      held.state = 'claimed';
    }
    request.internal.idempotency = held;
    api.idempotencyClaim = held;
    return;
  };
  return {
    name: 'idempotency',
    before: function idempotencyBefore(request) {
      const api = request.internal.api!;
      // The key as the request's parse read it (parse-request.ts): the header is read once.
      const key = api.idempotencyKey;
      if (key === null || !writeMethods.has(api.route.method) || !api.scope) return;
      if (!validKey.test(key)) {
        throw new PinError('bad_request', {
          description: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
        });
      }
      return claim(request, api, api.scope, key);
    },
    after: finish,
    onError: finish,
  };
};
