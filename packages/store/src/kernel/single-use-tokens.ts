import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Scope, toEpochSeconds } from '@wattle/domain';
import { TokenUsed } from '@wattle/ports';
import type { StoreContext } from './context.ts';
import type { ItemKey } from './keys.ts';
import type { Transaction } from './transaction.ts';

/** The labels of the single-use tokens' conditions, one per kind. */
export type SingleUseLabel = 'card-token' | 'payment-source' | 'bank-account-token';

/** Uses a token up inside `tx` (SingleUseTokens' consumeIn, as each token repository offers it). */
export type ConsumeIn = <L extends string>(
  tx: Transaction<L | SingleUseLabel>,
  scope: Scope,
  token: string,
  now: Date,
) => Transaction<L | SingleUseLabel>;

/** A stored thing with its secret number sealed (a card, a bank account). */
export interface Sealed<T> {
  value: T;
  sealedNumber: string;
}

/** The context bound into a sealed number: it opens only as this resource of this merchant. */
export const sealContext = (scope: Scope, token: string): string =>
  `${scope.accountId}#${scope.environment}#${token}`;

export interface SingleUseKind {
  key: (scope: Scope, token: string) => ItemKey;
  entityType: string;
  /** The label of the using transaction's condition on the token. */
  label: SingleUseLabel;
}

/**
 * Single-use tokens that expire (card tokens, bank account tokens). The item is its own lease:
 * `expiresAt` lets TTL sweep it, every read compares it with the clock, and using the token
 * deletes the item under a condition, so a token is used once however many requests race for it.
 */
export class SingleUseTokens<T extends { token: string }> {
  constructor(
    private readonly ctx: StoreContext,
    private readonly kind: SingleUseKind,
  ) {}

  async seal(scope: Scope, value: T, number: string): Promise<Sealed<T>> {
    return { value, sealedNumber: await this.ctx.cipher.seal(number, sealContext(scope, value.token)) };
  }

  /** The number in clear, for the processor. Never log or store what this returns. */
  open(scope: Scope, token: string, sealedNumber: string): Promise<string> {
    return this.ctx.cipher.open(sealedNumber, sealContext(scope, token));
  }

  async put(scope: Scope, sealed: Sealed<T>, expiresAt: Date): Promise<void> {
    await this.ctx.doc.send(
      new PutCommand({
        TableName: this.ctx.tableName,
        Item: {
          ...this.kind.key(scope, sealed.value.token),
          _et: this.kind.entityType,
          value: sealed.value,
          sealedNumber: sealed.sealedNumber,
          expiresAt: toEpochSeconds(expiresAt),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  /** The unused, unexpired token, or null (never existed, another merchant's, used or expired). */
  async findUnused(scope: Scope, token: string, now: Date): Promise<Sealed<T> | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: this.kind.key(scope, token),
        ConsistentRead: true,
      }),
    );
    const item = result.Item;
    if (!item || Number(item.expiresAt) <= toEpochSeconds(now)) return null;
    return { value: item.value as T, sealedNumber: item.sealedNumber as string };
  }

  /** Uses the token up inside `tx`: the transaction throws TokenUsed if it is gone. */
  consumeIn<L extends string>(
    tx: Transaction<L | SingleUseLabel>,
    scope: Scope,
    token: string,
    now: Date,
  ): Transaction<L | SingleUseLabel> {
    return tx
      .delete(this.kind.label, {
        Key: this.kind.key(scope, token),
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': toEpochSeconds(now) },
      })
      .refuse(this.kind.label, () => new TokenUsed(token));
  }
}
