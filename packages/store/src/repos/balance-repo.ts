import type { ChargeCredit, CurrencyBalance, Scope } from '@wattle/domain';
import {
  type BalanceStore,
  type CreditCursor,
  type LedgerDebits,
  type PayoutLedger,
  payoutLedgerOf,
} from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { mergeSorted, queryItems } from '../kernel/merge-sorted.ts';
import { keysOfShards, shardKey, shardOfToken } from '../kernel/shards.ts';
import type { Transaction } from '../kernel/transaction.ts';

/**
 * The labels of the balance's transaction items, in the transactions of the repositories that
 * move money (payments, refunds, transfers, deposits, disputes): `balance` is the debit whose
 * condition a refusal may name (BalanceShort).
 */
export type BalanceLabel =
  | 'balance'
  | `balance:debit:${string}`
  | `balance:credit:${string}`
  | `balance:credit-entry:${string}`;

/**
 * The balance, kept by the transactions that move money: each captured charge adds its merchant
 * entitlement to the bucket of the day it settles on; refunds and transfers add to the debits.
 * Reading is one query over the merchant's buckets (one per settlement day and currency), and the
 * clock decides which buckets have settled: no job moves money from pending to available.
 *
 * Payouts also need to know WHICH charges they pay out: each capture appends a credit entry (its
 * proceeds) to the currency's credits partition, ordered by capture time, so the entries only
 * ever grow at the end. Every positive debit (refund or transfer) moves the `consumed` mark along
 * that sequence, and a transfer pays out the charges in [consumed, consumed + amount + fee). A
 * `cursor` on the debits item remembers where the last transfer's walk ended, so the next walk
 * starts there instead of at the first charge ever captured.
 */
/**
 * Every capture of a merchant writes its day's balance bucket and appends a credit entry: both are
 * spread over this many shards by the charge's token, so neither item nor partition caps one
 * merchant's captures (a transactional write of an item under 1 KB takes 2 of the 1,000 write
 * units a second one partition allows: 500 captures a second per shard).
 */
export const balanceShards = 4;

const balancePk = (scope: Scope): string => `${scope.accountId}#${scope.environment}#BALANCE`;
const creditKey = (scope: Scope, currency: string, day: string, chargeToken: string) => ({
  pk: balancePk(scope),
  sk: `${currency}#SETTLES#${day}#${shardOfToken(chargeToken, balanceShards)}`,
});
const debitKey = (scope: Scope, currency: string) => ({ pk: balancePk(scope), sk: `${currency}#DEBITS` });
/** A currency's credit entries: this key's shards (and the key itself, for entries written before). */
const creditsPk = (scope: Scope, currency: string): string =>
  `${scope.accountId}#${scope.environment}#CREDITS#${currency}`;

/**
 * Credits a capture's proceeds in `tx` (the settlement's or capture's `balance-credit` change): its
 * merchant entitlement to the bucket of the day it settles on, and its credit entry, appended at
 * its position (its capture time to the millisecond, then its token).
 */
export const creditIn = <L extends string>(
  tx: Transaction<L | BalanceLabel>,
  scope: Scope,
  { currency, settlesOn, credit }: { currency: string; settlesOn: string; credit: ChargeCredit },
): Transaction<L | BalanceLabel> =>
  tx
    .update(`balance:credit:${credit.chargeToken}`, {
      Key: creditKey(scope, currency, settlesOn, credit.chargeToken),
      UpdateExpression: 'ADD #n :a SET #et = :et',
      ExpressionAttributeNames: { '#n': 'n', '#et': '_et' },
      ExpressionAttributeValues: { ':a': credit.merchantEntitlement, ':et': 'balance' },
    })
    .put(`balance:credit-entry:${credit.chargeToken}`, {
      Item: {
        pk: shardKey(creditsPk(scope, currency), shardOfToken(credit.chargeToken, balanceShards)),
        sk: credit.position,
        _et: 'credit',
        credit,
      },
    });

/** How a debit is guarded and what else it records. */
export interface DebitOptions {
  /**
   * A transfer's: the ledger it decided on. The debit commits only if no debit came in since it
   * was read (label `balance`: the transfers repo refuses with Changed, and the flow reads again).
   * Settled credits never change, so with the debits unchanged the available balance is at least
   * what was read, and the `consumed` mark its payout walk started from is still right.
   */
  seen?: Pick<PayoutLedger, 'version'>;
  /**
   * A refund's: the credits the caller read (all of them, settling ones included). The debit
   * commits only if the debits, this one included, stay within them (label `balance`: the refunds
   * repo refuses with BalanceShort). Credits only ever grow, so this is enough, and racing refunds
   * don't make each other retry: only a balance that is really short refuses.
   */
  within?: number;
  /** A transfer's: where its walk over the credits ended, for the next transfer to start from. */
  cursor?: CreditCursor | null;
  /** A transfer's: how far it moves the `consumed` mark (what it took from the captures' proceeds). */
  consumes?: number;
  /** A transfer's: the give-backs still waiting once it took what it paid out of them. */
  givenBackLeft?: ChargeCredit[];
  /** A failed refund's or a returned transfer's: the give-backs to wait for the next transfer. */
  giveBack?: ChargeCredit[];
}

/**
 * Debits a refund or a transfer (a negative amount gives a failed refund or a returned transfer
 * back). Only positive
 * debits move the `consumed` mark: it never goes back, so no two transfers ever pay out the same
 * proceeds.
 */
export const debitIn = <L extends string>(
  tx: Transaction<L | BalanceLabel>,
  scope: Scope,
  currency: string,
  amount: number,
  { seen, within, cursor, consumes, givenBackLeft, giveBack }: DebitOptions = {},
): Transaction<L | BalanceLabel> => {
  const names: Record<string, string> = {
    '#n': 'n',
    '#version': 'version',
    '#consumed': 'consumed',
    '#et': '_et',
  };
  const values: Record<string, unknown> = {
    ':a': amount,
    ':one': 1,
    ':c': consumes ?? Math.max(amount, 0),
    ':et': 'balance',
  };
  const sets = ['#et = :et'];
  if (cursor !== undefined) {
    names['#cursor'] = 'cursor';
    values[':cursor'] = cursor;
    sets.push('#cursor = :cursor');
  }
  if (givenBackLeft) {
    names['#givenBack'] = 'givenBack';
    values[':left'] = givenBackLeft;
    sets.push('#givenBack = :left');
  }
  if (giveBack) {
    names['#givenBack'] = 'givenBack';
    values[':back'] = giveBack;
    values[':none'] = [];
    sets.push('#givenBack = list_append(if_not_exists(#givenBack, :none), :back)');
  }
  let condition: string | undefined;
  if (seen && seen.version === 0) condition = 'attribute_not_exists(#version)';
  else if (seen) {
    condition = '#version = :v';
    values[':v'] = seen.version;
  } else if (within !== undefined) {
    condition = 'attribute_not_exists(#n) OR #n <= :limit';
    values[':limit'] = within - amount;
  }
  return tx.update(condition ? 'balance' : `balance:debit:${currency}`, {
    Key: debitKey(scope, currency),
    UpdateExpression: `ADD #n :a, #version :one, #consumed :c SET ${sets.join(', ')}`,
    ...(condition ? { ConditionExpression: condition } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
};

export class BalanceRepo implements BalanceStore {
  constructor(private readonly ctx: StoreContext) {}

  /** Every currency's balance at `now`. */
  async read(scope: Scope, now: Date): Promise<CurrencyBalance[]> {
    return (await this.ledgers(scope, now)).map(({ currency, available, unsettled }) => ({
      currency,
      available,
      unsettled,
    }));
  }

  /** One currency's balance with the debits' version, consumed mark and walk cursor. */
  async ledger(scope: Scope, currency: string, now: Date): Promise<PayoutLedger> {
    const found = (await this.ledgers(scope, now)).find((l) => l.currency === currency);
    return found ?? payoutLedgerOf(currency, [], null, now);
  }

  /**
   * Calls `visit` with each credit entry from `cursor` on (from the first without one) and the
   * sum of the entries before it, until `visit` returns false or the entries run out. The entries
   * are spread over the credits partitions: each is read in order and they are merged by
   * position, which orders all of them as one partition would.
   */
  async walkCredits(
    scope: Scope,
    currency: string,
    cursor: CreditCursor | null,
    visit: (credit: ChargeCredit, before: number) => boolean,
  ): Promise<void> {
    let before = cursor?.before ?? 0;
    const streams = keysOfShards(creditsPk(scope, currency), balanceShards).map((pk) =>
      queryItems(this.ctx.doc, {
        TableName: this.ctx.tableName,
        KeyConditionExpression: cursor ? 'pk = :pk AND sk >= :from' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk, ...(cursor ? { ':from': cursor.position } : {}) },
        ConsistentRead: true,
      }),
    );
    for await (const item of mergeSorted(streams, (a, b) => String(a.sk) < String(b.sk))) {
      const credit = item.credit as ChargeCredit;
      if (!visit(credit, before)) return;
      before += credit.merchantEntitlement;
    }
  }

  private async ledgers(scope: Scope, now: Date): Promise<PayoutLedger[]> {
    const byCurrency = new Map<string, { proceeds: [string, number][]; debits: LedgerDebits | null }>();
    const items = queryItems(this.ctx.doc, {
      TableName: this.ctx.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': balancePk(scope) },
      ConsistentRead: true,
    });
    for await (const item of items) {
      const [currency = '', kind, day = ''] = String(item.sk).split('#');
      let money = byCurrency.get(currency);
      if (!money) {
        money = { proceeds: [], debits: null };
        byCurrency.set(currency, money);
      }
      const n = Number(item.n ?? 0);
      if (kind === 'DEBITS')
        money.debits = {
          debited: n,
          givenBack: (item.givenBack as ChargeCredit[] | undefined) ?? [],
          version: Number(item.version ?? 0),
          consumed: Number(item.consumed ?? 0),
          cursor: (item.cursor as CreditCursor | undefined) ?? null,
        };
      else money.proceeds.push([day, n]);
    }
    return [...byCurrency]
      .map(([currency, { proceeds, debits }]) => payoutLedgerOf(currency, proceeds, debits, now))
      .sort((a, b) => a.currency.localeCompare(b.currency));
  }
}
