import { balanceOf, type ChargeCredit, type CurrencyBalance, type Scope } from '@wattle/domain';

/** Where a walk over the credits starts: an entry, and the sum of all entries before it. */
export interface CreditCursor {
  position: string;
  before: number;
}

/** One currency's balance plus what a refund or a transfer needs to debit it safely. */
export interface PayoutLedger extends CurrencyBalance {
  /** Bumped by every debit: a transfer commits only if no debit came in since it read. */
  version: number;
  /** Every capture's proceeds, settled or not: what refunds may spend, with the debits taken off. */
  credited: number;
  /** Failed refunds' give-backs waiting for the next transfer, oldest first. */
  givenBack: ChargeCredit[];
  /** How far along the captures' proceeds positive debits have reached. */
  consumed: number;
  /** Where the last transfer's walk over the proceeds ended, for the next one to start from. */
  cursor: CreditCursor | null;
}

/** What a currency's debits keep: their sum and what a debit needs to be made safely. */
export type LedgerDebits = Pick<PayoutLedger, 'version' | 'consumed' | 'cursor' | 'givenBack'> & {
  debited: number;
};

/**
 * A currency's ledger at `now`: its balance (balanceOf) from its captures' proceeds by the day they
 * settle on, and its debits' record; `debits` null before its first debit (an empty ledger with
 * no proceeds either).
 */
export const payoutLedgerOf = (
  currency: string,
  proceeds: Iterable<readonly [settlesOn: string, amount: number]>,
  debits: LedgerDebits | null,
  now: Date,
): PayoutLedger => ({
  ...balanceOf(currency, proceeds, debits?.debited ?? 0, now),
  version: debits?.version ?? 0,
  consumed: debits?.consumed ?? 0,
  cursor: debits?.cursor ?? null,
  givenBack: debits?.givenBack ?? [],
});

/**
 * The merchant's balance, kept by the writes that move money (captures credit it, refunds and
 * transfers debit it, with their own writes): this port only reads it.
 */
export interface BalanceStore {
  /** Every currency's balance at `now` (which credits have settled is up to the clock). */
  read(scope: Scope, now: Date): Promise<CurrencyBalance[]>;
  /** One currency's ledger at `now` (an empty one when no money moved yet). */
  ledger(scope: Scope, currency: string, now: Date): Promise<PayoutLedger>;
  /**
   * Calls `visit` with each capture's proceeds, in capture order, from `cursor` on (from the
   * first without one) and the sum of the proceeds before it, until `visit` returns false or the
   * proceeds run out.
   */
  walkCredits(
    scope: Scope,
    currency: string,
    cursor: CreditCursor | null,
    visit: (credit: ChargeCredit, before: number) => boolean,
  ): Promise<void>;
}
