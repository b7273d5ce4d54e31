import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type CurrencyBalance, type Payment, settlementDay } from '@wattle/domain';
import type { StoreContext } from './context.ts';
import type { Scope } from './keys.ts';
import type { Transaction } from './transaction.ts';

/**
 * The balance, kept by the transactions that move money: each captured charge adds its merchant
 * entitlement to the bucket of the day it settles on; refunds and transfers add to the debits.
 * Reading is one query over the merchant's buckets (one per settlement day and currency), and the
 * clock decides which buckets have settled: no job moves money from pending to available.
 */
const balancePk = (scope: Scope): string => `${scope.accountId}#${scope.environment}#BALANCE`;
const creditKey = (scope: Scope, currency: string, day: string) => ({
  pk: balancePk(scope),
  sk: `${currency}#SETTLES#${day}`,
});
const debitKey = (scope: Scope, currency: string) => ({ pk: balancePk(scope), sk: `${currency}#DEBITS` });

const add = (tx: Transaction, label: string, key: { pk: string; sk: string }, amount: number): Transaction =>
  tx.update(label, {
    Key: key,
    UpdateExpression: 'ADD #n :a SET #et = :et',
    ExpressionAttributeNames: { '#n': 'n', '#et': '_et' },
    ExpressionAttributeValues: { ':a': amount, ':et': 'balance' },
  });

/** Credits a charge captured in `tx` with its merchant entitlement, settling after the delay. */
export const creditCaptureIn = (tx: Transaction, scope: Scope, charge: Payment): Transaction => {
  if (charge.kind !== 'charge' || charge.state !== 'captured' || !charge.capturedAt) return tx;
  const entitlement = charge.amount - (charge.totalFees ?? 0);
  return add(
    tx,
    `balance:credit:${charge.token}`,
    creditKey(scope, charge.currency, settlementDay(charge.capturedAt)),
    entitlement,
  );
};

/** Debits a refund or transfer (a negative amount gives it back). */
export const debitIn = (tx: Transaction, scope: Scope, currency: string, amount: number): Transaction =>
  add(tx, `balance:debit:${currency}`, debitKey(scope, currency), amount);

export class BalanceRepo {
  constructor(private readonly ctx: StoreContext) {}

  /** Every currency's balance at `now`. */
  async read(scope: Scope, now: Date): Promise<CurrencyBalance[]> {
    const today = now.toISOString().slice(0, 10);
    const byCurrency = new Map<string, CurrencyBalance>();
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.ctx.doc.send(
        new QueryCommand({
          TableName: this.ctx.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': balancePk(scope) },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        const [currency = '', kind, day = ''] = String(item.sk).split('#');
        const balance = byCurrency.get(currency) ?? { currency, available: 0, unsettled: 0 };
        const n = Number(item.n ?? 0);
        if (kind === 'DEBITS') balance.available -= n;
        else if (day <= today) balance.available += n;
        else balance.unsettled += n;
        byCurrency.set(currency, balance);
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
  }
}
