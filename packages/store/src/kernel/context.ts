import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CardCipher } from './card-cipher.ts';
import { Transaction } from './transaction.ts';

/** What every repository shares: the client, the table and the card cipher. */
export interface StoreContext {
  doc: DynamoDBDocumentClient;
  tableName: string;
  cipher: CardCipher;
}

export const newTransaction = (ctx: StoreContext): Transaction => new Transaction(ctx.tableName);
