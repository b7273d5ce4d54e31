import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Card, toEpochSeconds } from '@wattle/domain';
import type { StoreContext } from './context.ts';
import { keys, type Scope } from './keys.ts';
import type { Transaction } from './transaction.ts';

/** A card with its number sealed; what a charge or a customer takes from a token. */
export interface SealedCard {
  card: Card;
  sealedNumber: string;
}

/** The context bound into a sealed number: it opens only as this card of this merchant. */
export const sealContext = (scope: Scope, cardToken: string): string =>
  `${scope.accountId}#${scope.environment}#${cardToken}`;

/**
 * Unused card tokens from POST /cards. The item is its own lease: `expiresAt` lets TTL sweep it,
 * every read compares it with the clock, and using the token deletes the item under a condition,
 * so a token is used once however many requests race for it.
 */
export class CardTokensRepo {
  constructor(private readonly ctx: StoreContext) {}

  async seal(scope: Scope, card: Card, cardNumber: string): Promise<SealedCard> {
    return { card, sealedNumber: await this.ctx.cipher.seal(cardNumber, sealContext(scope, card.token)) };
  }

  /** The number of a sealed card, for the processor. Never log or store what this returns. */
  open(scope: Scope, sealed: SealedCard): Promise<string> {
    return this.ctx.cipher.open(sealed.sealedNumber, sealContext(scope, sealed.card.token));
  }

  async put(scope: Scope, sealed: SealedCard, expiresAt: Date): Promise<void> {
    await this.ctx.doc.send(
      new PutCommand({
        TableName: this.ctx.tableName,
        Item: {
          ...keys.cardToken(scope, sealed.card.token),
          _et: 'card_token',
          card: sealed.card,
          sealedNumber: sealed.sealedNumber,
          expiresAt: toEpochSeconds(expiresAt),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  /** The unused, unexpired token, or null (never existed, another merchant's, used or expired). */
  async findUnused(scope: Scope, cardToken: string, now: Date): Promise<SealedCard | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.cardToken(scope, cardToken),
        ConsistentRead: true,
      }),
    );
    const item = result.Item;
    if (!item || Number(item.expiresAt) <= toEpochSeconds(now)) return null;
    return { card: item.card as Card, sealedNumber: item.sealedNumber as string };
  }

  /** Uses the token up inside `tx`: the transaction fails (label `card-token`) if it is gone. */
  consumeIn(tx: Transaction, scope: Scope, cardToken: string, now: Date): Transaction {
    return tx.delete('card-token', {
      Key: keys.cardToken(scope, cardToken),
      ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
      ExpressionAttributeValues: { ':now': toEpochSeconds(now) },
    });
  }
}
