import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Scope, toEpochSeconds } from '@wattle/domain';
import {
  type CardSecrets,
  openCardSecrets,
  type SealedSecrets,
  sealCardSecrets,
  tokenUsed,
} from '@wattle/ports';
import type { StoreContext } from './context.ts';
import { type ItemKey, keys } from './keys.ts';
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

/**
 * A stored thing with its secret number sealed (a card, a bank account), and a card's CVC, sealed
 * apart, until the one payment it was sent for is authorised.
 */
export interface Sealed<T> {
  value: T;
  sealedNumber: string;
  sealedCvc?: string | undefined;
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
 * The three kinds of single-use token, named once: their repositories keep them with these, and the
 * generic writes' interpreter uses one up by its kind without importing the repositories (a
 * function's bundle holds only the repositories its routes use).
 */
export const singleUseKinds = {
  'card-token': { key: keys.cardToken, entityType: 'card_token', label: 'card-token' },
  'payment-source': { key: keys.paymentSource, entityType: 'payment_source', label: 'payment-source' },
  'bank-account-token': {
    key: keys.bankAccountToken,
    entityType: 'bank_account_token',
    label: 'bank-account-token',
  },
} as const satisfies Record<SingleUseLabel, SingleUseKind>;

/**
 * Single-use tokens that expire (card tokens, bank account tokens, payment sources). The item is
 * its own lease: `expiresAt` lets TTL sweep it, every read compares it with the clock, and using
 * the token turns the item into a mark of its use under a condition (`usedAt`, its card and
 * sealed secrets removed), so a token is used once however many requests race for it, and a
 * later request is told it was used (until the token's month ends and TTL sweeps the mark).
 */
export class SingleUseTokens<T extends { token: string }> {
  constructor(
    private readonly ctx: StoreContext,
    private readonly kind: SingleUseKind,
  ) {}

  /** Seals the number, and the CVC when given (a card's, for its one authorisation). */
  async seal(scope: Scope, value: T, number: string, cvc?: string): Promise<Sealed<T>> {
    return {
      value,
      ...(await sealCardSecrets(this.ctx.cipher, sealContext(scope, value.token), number, cvc)),
    };
  }

  /** The number in clear, and the CVC if sealed with one, for the processor. Never log or store what this returns. */
  open(scope: Scope, token: string, sealed: SealedSecrets): Promise<CardSecrets> {
    return openCardSecrets(this.ctx.cipher, sealContext(scope, token), sealed);
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
          ...(sealed.sealedCvc ? { sealedCvc: sealed.sealedCvc } : {}),
          expiresAt: toEpochSeconds(expiresAt),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  /** The unused, unexpired token, or null (never existed, another merchant's, used or expired). */
  async findUnused(scope: Scope, token: string, now: Date): Promise<Sealed<T> | null> {
    const item = await this.read(scope, token);
    if (!item || item.usedAt !== undefined || Number(item.expiresAt) <= toEpochSeconds(now)) return null;
    const sealed = { value: item.value as T, sealedNumber: item.sealedNumber as string };
    return item.sealedCvc ? { ...sealed, sealedCvc: item.sealedCvc as string } : sealed;
  }

  /** Whether the token was used (its mark is there, its month not over): never made, another merchant's or expired is false. */
  async wasUsed(scope: Scope, token: string, now: Date): Promise<boolean> {
    const item = await this.read(scope, token);
    return item?.usedAt !== undefined && Number(item.expiresAt) > toEpochSeconds(now);
  }

  /** The token's item (unused, or the mark of its use), read consistently. */
  private async read(scope: Scope, token: string): Promise<Record<string, unknown> | undefined> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: this.kind.key(scope, token),
        ConsistentRead: true,
      }),
    );
    return result.Item;
  }

  /**
   * Uses the token up inside `tx`, leaving the mark of its use: the transaction throws TokenUsed
   * if it is used, expired or gone.
   */
  consumeIn<L extends string>(
    tx: Transaction<L | SingleUseLabel>,
    scope: Scope,
    token: string,
    now: Date,
  ): Transaction<L | SingleUseLabel> {
    return useTokenIn(tx, this.kind, scope, token, now);
  }
}

/**
 * Uses a token of `kind` up inside `tx`, leaving the mark of its use: the transaction throws
 * TokenUsed if it is used, expired or gone.
 */
export const useTokenIn = <L extends string>(
  tx: Transaction<L | SingleUseLabel>,
  kind: SingleUseKind,
  scope: Scope,
  token: string,
  now: Date,
): Transaction<L | SingleUseLabel> =>
  tx
    .update(kind.label, {
      Key: kind.key(scope, token),
      UpdateExpression: 'SET usedAt = :now REMOVE #value, sealedNumber, sealedCvc',
      ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now AND attribute_not_exists(usedAt)',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':now': toEpochSeconds(now) },
    })
    .refuse(kind.label, tokenUsed(token));
