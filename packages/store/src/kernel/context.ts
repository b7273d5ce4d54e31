import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Retention } from '@wattle/domain';
import type { CardCipher } from './card-cipher.ts';
import { Transaction } from './transaction.ts';

/** What every repository shares: the client, the table, the card cipher and how long items are kept. */
export interface StoreContext {
  doc: DynamoDBDocumentClient;
  tableName: string;
  cipher: CardCipher;
  retention: Retention;
}

export const newTransaction = (ctx: StoreContext): Transaction =>
  new Transaction(ctx.tableName, ctx.retention);
