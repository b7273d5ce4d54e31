import type { BankAccount } from './bank-account.ts';

/** Transfers pay out Australian dollars only (docs/api/cookbook/transfers.md). */
export const transferCurrency = 'AUD';

/** What a transfer to someone else costs (the default settings' third_party_transfer_fee). */
export const thirdPartyTransferFee = 30;

/** What a transfer to `recipient` costs: nothing to the merchant's own bank account. */
export const transferFee = (recipient: string): number => (recipient === 'self' ? 0 : thirdPartyTransferFee);

/** What the payee's bank statement shows for the transfer `token` (`tfer_` and 8 of its characters). */
export const transferReference = (token: string): string => `WATTLE ${token.slice(5, 13).toUpperCase()}`;

/** A payout from the merchant's available balance to a recipient or to the merchant itself. */
export interface Transfer {
  token: string;
  /**
   * `succeeded` when made (the only status Pin's API reference shows); `failed` once the simulated
   * bank returned it (a payee account that rejects payouts), its money back in the balance.
   */
  status: 'succeeded' | 'failed';
  currency: string;
  description: string;
  amount: number;
  /** The charges' proceeds the payout drew on. */
  totalCredits: number;
  /** The transfer fee, when paying someone else. */
  totalDebits: number;
  createdAt: string;
  paidAt: string;
  /** What the payee's bank statement shows. */
  reference: string;
  lineItemsCount: number;
  bankAccount: BankAccount;
  /** The recipient (`rp_`), or `self` for the merchant's own bank account. */
  recipient: string;
  /** Where this payout's credits start among all of the merchant's charge proceeds, in order. */
  creditsFrom: number;
  /**
   * What it paid out first from failed refunds' give-backs (absent: none); the rest of
   * `totalCredits` came from [creditsFrom, …) of the proceeds.
   */
  givenBackPaid?: PaidCredit[];
}

/** A slice of a charge's proceeds that a payout paid out. */
export interface PaidCredit {
  credit: ChargeCredit;
  amount: number;
}

/**
 * One charge's proceeds: a capture's, in the order charges were captured (the order payouts use),
 * or a failed refund of it giving the refunded amount back (`givenBack`), which the next payout
 * pays out first.
 */
export interface ChargeCredit {
  /** Orders captures' credits: the capture time, then the charge token. */
  position: string;
  chargeToken: string;
  description: string;
  amount: number;
  totalFees: number;
  /** What a platform withheld of the charge (absent when nothing). */
  platformAdjustment?: number;
  merchantEntitlement: number;
  createdAt: string;
  /** A give-back's amount (left to pay out); absent on a capture. */
  givenBack?: number;
}

/** The part of a transfer's `totalCredits` it paid out of failed refunds' give-backs. */
export const paidFromGivenBack = (transfer: Transfer): number =>
  (transfer.givenBackPaid ?? []).reduce((sum, paid) => sum + paid.amount, 0);

/**
 * Pays `total` out of the give-backs waiting (oldest first) as far as they go: what was paid from
 * which, what is left waiting (the last one taken perhaps in part), and how much they covered.
 */
export const takeGivenBack = (
  waiting: readonly ChargeCredit[],
  total: number,
): { paid: PaidCredit[]; left: ChargeCredit[]; covered: number } => {
  const paid: PaidCredit[] = [];
  const left: ChargeCredit[] = [];
  let covered = 0;
  for (const credit of waiting) {
    const held = credit.givenBack ?? 0;
    const amount = Math.min(held, total - covered);
    if (amount > 0) {
      paid.push({ credit, amount });
      covered += amount;
    }
    if (amount < held) left.push({ ...credit, givenBack: held - amount });
  }
  return { paid, left, covered };
};

/** How long the simulated bank takes to return a payout to an account that rejects them. */
export const payoutReturnDelayMs = 24 * 60 * 60 * 1000;

/** When the simulated bank returns the transfer, or null when its payee takes payouts. */
export const payoutReturnDue = (transfer: Transfer, now: Date): Date | null =>
  transfer.bankAccount.rejectsPayouts ? new Date(now.getTime() + payoutReturnDelayMs) : null;

/**
 * What a returned transfer gives back: every slice of proceeds it paid out (its fee's share
 * included, as the payout never happened), as give-backs the next transfer pays out first, so the
 * charges are paid out again by a transfer that reaches the bank.
 */
export const returnedCredits = (transfer: Transfer, paid: readonly PaidCredit[]): ChargeCredit[] =>
  paid.map(({ credit, amount }) => ({
    ...credit,
    position: `${credit.chargeToken}#${transfer.token}`,
    givenBack: amount,
  }));

export interface TransferLineItem {
  type: 'charge' | 'transfer_fee';
  amount: number;
  currency: string;
  createdAt: string;
  object: 'charge' | 'transfer';
  token: string;
  record: Record<string, unknown>;
}

/**
 * The part of `credit` (which starts at `start` among all credits) inside [from, to): how much of
 * that charge's proceeds a payout covering [from, to) draws on. 0 when they do not overlap.
 */
export const overlapOf = (credit: ChargeCredit, start: number, from: number, to: number): number =>
  Math.max(0, Math.min(start + credit.merchantEntitlement, to) - Math.max(start, from));

export const chargeLineItem = (
  credit: ChargeCredit,
  amount: number,
  createdAt: string,
): TransferLineItem => ({
  type: 'charge',
  amount,
  currency: transferCurrency,
  createdAt,
  object: 'charge',
  token: credit.chargeToken,
  record: {
    description: credit.description,
    amount: credit.amount,
    total_fees: credit.totalFees,
    ...(credit.platformAdjustment ? { platform_adjustment: credit.platformAdjustment } : {}),
    merchant_entitlement: credit.merchantEntitlement,
    created_at: credit.createdAt,
  },
});

export const feeLineItem = (transfer: Transfer): TransferLineItem => ({
  type: 'transfer_fee',
  amount: -transfer.totalDebits,
  currency: transfer.currency,
  createdAt: transfer.createdAt,
  object: 'transfer',
  token: transfer.token,
  record: { description: 'Transfer fee', amount: transfer.totalDebits },
});

/** How a charge shows the transfer that paid it out (Pin's charge `transfer` items). */
export interface TransferLink {
  state: string;
  paidAt: string;
  token: string;
}
