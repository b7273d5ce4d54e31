import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { type Scope, toEpochSeconds } from '@wattle/domain';
import type {
  HeldKey,
  IdempotencyStart,
  IdempotencyStore,
  IdempotencyTimes,
  StoredResponse,
} from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { keys } from '../kernel/keys.ts';

/**
 * The put that claims a key: on its own (start) or first in the transaction of the request's first
 * write (a payment's reservation, KeyClaim). Its condition: the key is free, expired, or abandoned
 * by a request that died holding it (the same request only).
 */
export const keyClaimOf = (scope: Scope, keyHash: string, requestHash: string, times: IdempotencyTimes) => {
  const now = toEpochSeconds(times.now);
  return {
    Item: {
      ...keys.idempotency(scope, keyHash),
      _et: 'idempotency',
      state: 'in_progress',
      requestHash,
      lockedUntil: now + times.lockSeconds,
      expiresAt: now + times.retentionSeconds,
    },
    ConditionExpression:
      'attribute_not_exists(pk) OR expiresAt <= :now OR (#s = :inProgress AND lockedUntil <= :now AND requestHash = :rh)',
    ExpressionAttributeNames: { '#s': 'state' },
    ExpressionAttributeValues: { ':now': now, ':inProgress': 'in_progress', ':rh': requestHash },
  };
};

/** What a key's record that refused a claim for `requestHash` answers. */
export const heldKeyOf = (held: Record<string, unknown>, requestHash: string): HeldKey => {
  if (held.requestHash !== requestHash) return { outcome: 'mismatch' };
  if (held.state === 'completed') return { outcome: 'replay', response: held.response as StoredResponse };
  return { outcome: 'in-progress' };
};

/**
 * The update that keeps `response` under a key: on its own (complete) or in the transaction of the
 * request's last write (a payment's settlement, KeyCompletion). No condition: the write it rides
 * with is never refused on the key's account.
 */
export const keyCompletionOf = (scope: Scope, keyHash: string, response: StoredResponse) => ({
  Key: keys.idempotency(scope, keyHash),
  UpdateExpression: 'SET #s = :done, #r = :r REMOVE lockedUntil',
  ExpressionAttributeNames: { '#s': 'state', '#r': 'response' },
  ExpressionAttributeValues: { ':done': 'completed', ':r': response },
});

/**
 * Idempotency keys, scoped to one merchant and environment. A key is claimed with a conditional
 * put; the response is stored when the request ends; a retry with the same key and request gets
 * that response, with another request a refusal, and while the first runs a 409.
 */
export class IdempotencyRepo implements IdempotencyStore {
  constructor(private readonly ctx: StoreContext) {}

  async start(
    scope: Scope,
    keyHash: string,
    requestHash: string,
    times: IdempotencyTimes,
  ): Promise<IdempotencyStart> {
    try {
      await this.ctx.doc.send(
        new PutCommand({
          TableName: this.ctx.tableName,
          ...keyClaimOf(scope, keyHash, requestHash, times),
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { outcome: 'started' };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException) || !error.Item) throw error;
      return heldKeyOf(unmarshall(error.Item), requestHash);
    }
  }

  async complete(scope: Scope, keyHash: string, response: StoredResponse): Promise<void> {
    await this.ctx.doc.send(
      new UpdateCommand({ TableName: this.ctx.tableName, ...keyCompletionOf(scope, keyHash, response) }),
    );
  }

  /** Frees the key after a server-side failure, so the same request may be retried with it. */
  async release(scope: Scope, keyHash: string): Promise<void> {
    await this.ctx.doc.send(
      new DeleteCommand({ TableName: this.ctx.tableName, Key: keys.idempotency(scope, keyHash) }),
    );
  }
}
