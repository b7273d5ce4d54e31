import type { ChargeCredit, Scope } from '@wattle/domain';
import type { BalanceStore, CreditCursor, PayoutLedger } from '@wattle/ports';

/** One currency's books: what the store keeps in its buckets, debits item and credits partition. */
interface Books {
  settled: number;
  unsettled: number;
  debits: number;
  version: number;
  consumed: number;
  cursor: CreditCursor | null;
  givenBack: ChargeCredit[];
  credits: ChargeCredit[];
}

/** How a debit moves the books besides the amount (as the store's debitIn). */
export interface FakeDebit {
  consumes?: number;
  cursor?: CreditCursor | null;
  givenBackLeft?: ChargeCredit[];
  giveBack?: ChargeCredit[];
}

export type FakeBalance = BalanceStore & {
  /** A capture's proceeds: available at once when settled, else settling. */
  credit(scope: Scope, credit: ChargeCredit, settled: boolean): void;
  /** The debits so far (what the store's conditions compare). */
  debitsOf(scope: Scope, currency: string): { total: number; version: number };
  /** Debits without a guard: the fake refunds and transfers check their own first. */
  debit(scope: Scope, currency: string, amount: number, options?: FakeDebit): void;
};

const key = (scope: Scope, currency: string) => `${scope.accountId}#${scope.environment}#${currency}`;

/** The balance in memory: ledgers read as the store reads them, credits walked in capture order. */
export const fakeBalance = (): FakeBalance => {
  const books = new Map<string, Books>();
  const of = (scope: Scope, currency: string): Books => {
    const found = books.get(key(scope, currency));
    if (found) return found;
    const fresh: Books = {
      settled: 0,
      unsettled: 0,
      debits: 0,
      version: 0,
      consumed: 0,
      cursor: null,
      givenBack: [],
      credits: [],
    };
    books.set(key(scope, currency), fresh);
    return fresh;
  };
  const ledgerOf = (currency: string, b: Books): PayoutLedger => ({
    currency,
    available: b.settled - b.debits,
    unsettled: b.unsettled,
    version: b.version,
    credited: b.settled + b.unsettled,
    givenBack: [...b.givenBack],
    consumed: b.consumed,
    cursor: b.cursor,
  });
  return {
    credit: (scope, credit, settled) => {
      const b = of(scope, 'AUD');
      if (settled) b.settled += credit.merchantEntitlement;
      else b.unsettled += credit.merchantEntitlement;
      b.credits.push(credit);
      b.credits.sort((x, y) => x.position.localeCompare(y.position));
    },
    debitsOf: (scope, currency) => {
      const b = of(scope, currency);
      return { total: b.debits, version: b.version };
    },
    debit: (scope, currency, amount, options = {}) => {
      const b = of(scope, currency);
      b.debits += amount;
      b.version++;
      b.consumed += options.consumes ?? Math.max(amount, 0);
      if (options.cursor !== undefined) b.cursor = options.cursor;
      if (options.givenBackLeft) b.givenBack = [...options.givenBackLeft];
      if (options.giveBack) b.givenBack.push(...options.giveBack);
    },
    read: async (scope) =>
      [...books.entries()]
        .filter(([k]) => k.startsWith(`${scope.accountId}#${scope.environment}#`))
        .map(([k, b]) => {
          const { currency, available, unsettled } = ledgerOf(k.split('#')[2]!, b);
          return { currency, available, unsettled };
        }),
    ledger: async (scope, currency) => ledgerOf(currency, of(scope, currency)),
    walkCredits: async (scope, currency, cursor, visit) => {
      let before = cursor?.before ?? 0;
      for (const credit of of(scope, currency).credits) {
        if (cursor && credit.position < cursor.position) continue;
        if (!visit(credit, before)) return;
        before += credit.merchantEntitlement;
      }
    },
  };
};
