import type { ChargeCredit, Scope } from '@wattle/domain';
import type { CreditCursor } from '@wattle/ports';
import type { Change } from './change.ts';
import { copy } from './copy.ts';
import { scoped } from './keys.ts';
import { SortedList } from './sorted-list.ts';
import type { MemoryWorld } from './world.ts';

/**
 * One currency's money of a merchant, as the DynamoDB store keeps it: captures' proceeds by the
 * day they settle, each capture's credit entry in capture order, and the debits (refunds,
 * transfers, deposits, disputes) with their version, consumed mark, walk cursor and give-backs.
 */
export interface CurrencyMoney {
  currency: string;
  /** Proceeds by settlement day (YYYY-MM-DD). */
  days: Map<string, number>;
  credits: Map<string, ChargeCredit>;
  creditOrder: SortedList;
  debited: number;
  version: number;
  consumed: number;
  cursor: CreditCursor | null;
  givenBack: ChargeCredit[];
}

/** A merchant's currencies. */
export const moneyOf = (world: MemoryWorld, scope: Scope): Map<string, CurrencyMoney> => {
  const table = world.table<Map<string, CurrencyMoney>>('money');
  const id = scoped(scope, 'BALANCE');
  let currencies = table.get(id);
  if (!currencies) {
    currencies = new Map();
    table.set(id, currencies);
  }
  return currencies;
};

export const currencyOf = (world: MemoryWorld, scope: Scope, currency: string): CurrencyMoney => {
  const currencies = moneyOf(world, scope);
  let money = currencies.get(currency);
  if (!money) {
    money = {
      currency,
      days: new Map(),
      credits: new Map(),
      creditOrder: new SortedList(),
      debited: 0,
      version: 0,
      consumed: 0,
      cursor: null,
      givenBack: [],
    };
    currencies.set(currency, money);
  }
  return money;
};

/** The version of a currency's debits, 0 before any. */
const versionOf = (world: MemoryWorld, scope: Scope, currency: string): number =>
  moneyOf(world, scope).get(currency)?.version ?? 0;

const debitedOf = (world: MemoryWorld, scope: Scope, currency: string): number =>
  moneyOf(world, scope).get(currency)?.debited ?? 0;

/**
 * A capture's proceeds in `change`: its merchant entitlement to the day it settles on, and its
 * credit entry, at its position (its capture time to the millisecond, then its token).
 */
export const creditIn = (
  world: MemoryWorld,
  change: Change,
  scope: Scope,
  { currency, settlesOn, credit }: { currency: string; settlesOn: string; credit: ChargeCredit },
): Change =>
  change.write(() => {
    const money = currencyOf(world, scope, currency);
    money.days.set(settlesOn, (money.days.get(settlesOn) ?? 0) + credit.merchantEntitlement);
    money.credits.set(credit.position, copy(credit));
    money.creditOrder.insert(credit.position, credit.position);
  });

/** How a debit is guarded and what else it records (the DynamoDB store's DebitOptions). */
export interface DebitOptions {
  /** A transfer's or deposit's: the debits' version it decided on; `refused` when another came since. */
  seen?: { version: number };
  /** A refund's: the credits the caller read; `refused` when the debits would pass them. */
  within?: number;
  /** What a failed guard throws. */
  refused?: () => Error;
  cursor?: CreditCursor | null;
  consumes?: number;
  givenBackLeft?: ChargeCredit[];
  giveBack?: ChargeCredit[];
}

/** Debits (a negative amount gives back) in `change`; only positive debits move the consumed mark. */
export const debitIn = (
  world: MemoryWorld,
  change: Change,
  scope: Scope,
  currency: string,
  amount: number,
  { seen, within, refused, cursor, consumes, givenBackLeft, giveBack }: DebitOptions = {},
): Change => {
  const refusal = refused ?? 'balance';
  if (seen) change.check(() => versionOf(world, scope, currency) === seen.version, refusal);
  // As on the DynamoDB store: the first debit of a currency is not held to `within` (its condition
  // reads `attribute_not_exists(n) OR n <= within - amount`); the refunds flow checks it before.
  else if (within !== undefined)
    change.check(
      () => versionOf(world, scope, currency) === 0 || debitedOf(world, scope, currency) <= within - amount,
      refusal,
    );
  return change.write(() => {
    const money = currencyOf(world, scope, currency);
    money.debited += amount;
    money.version += 1;
    money.consumed += consumes ?? Math.max(amount, 0);
    if (cursor !== undefined) money.cursor = copy(cursor);
    if (givenBackLeft) money.givenBack = copy(givenBackLeft);
    if (giveBack) money.givenBack = [...money.givenBack, ...copy(giveBack)];
  });
};
