import type { Retention } from '@wattle/domain';
import type { CardCipher } from './card-cipher.ts';
import type { DocumentClient } from './client.ts';
import { Transaction } from './transaction.ts';

/** What every repository shares: the client, the table, the card cipher and how long items are kept. */
export interface StoreContext {
  doc: DocumentClient;
  tableName: string;
  cipher: CardCipher;
  retention: Retention;
  /** Milliseconds left of the work's deadline: the transaction retry never waits past it. */
  timeLeft?: () => number;
}

/**
 * A new transaction of `ctx`, its items labelled from `L`: the writing repository's label union,
 * given at each call (`newTransaction<PaymentLabel>(ctx)`); without it, no label compiles.
 */
export const newTransaction = <L extends string = never>(ctx: StoreContext): Transaction<L> =>
  new Transaction<L>(ctx.tableName, ctx.retention, ctx.timeLeft);
