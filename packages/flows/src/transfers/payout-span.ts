import {
  type ChargeCredit,
  overlapOf,
  type PaidCredit,
  paidFromGivenBack,
  type Scope,
  type Transfer,
  transferCurrency,
} from '@wattle/domain';
import type { BalanceStore, CreditCursor } from '@wattle/ports';

/** The charges' proceeds in [from, to) and where a walk over them starts and stops. */
export interface CreditsSpan {
  credits: { credit: ChargeCredit; amount: number }[];
  from: CreditCursor | null;
  to: CreditCursor | null;
}

/**
 * Walks the merchant's charge proceeds, in capture order, from `cursor` and collects the part of
 * each inside [from, to). Deterministic: the proceeds before the balance's `consumed` mark never
 * change, so the job that writes the line items later finds exactly what the request found.
 */
export const spanOf = async (
  balance: Pick<BalanceStore, 'walkCredits'>,
  scope: Scope,
  cursor: CreditCursor | null,
  from: number,
  to: number,
): Promise<CreditsSpan> => {
  const span: CreditsSpan = { credits: [], from: null, to: cursor };
  if (to <= from) return span;
  await balance.walkCredits(scope, transferCurrency, cursor, (credit, before) => {
    const amount = overlapOf(credit, before, from, to);
    if (before + credit.merchantEntitlement <= from) return true;
    if (amount > 0) {
      span.from ??= { position: credit.position, before };
      span.credits.push({ credit, amount });
    }
    span.to = { position: credit.position, before };
    return before + credit.merchantEntitlement < to;
  });
  return span;
};

/**
 * Every slice of proceeds `transfer` paid out, in payout order: the give-backs it took first, then
 * its span of the captures' proceeds, walked from `cursor` (its jobs' data).
 */
export const paidOutBy = async (
  balance: Pick<BalanceStore, 'walkCredits'>,
  scope: Scope,
  transfer: Transfer,
  cursor: CreditCursor | null,
): Promise<PaidCredit[]> => {
  const from = transfer.creditsFrom;
  const span = await spanOf(
    balance,
    scope,
    cursor,
    from,
    from + transfer.totalCredits - paidFromGivenBack(transfer),
  );
  return [...(transfer.givenBackPaid ?? []), ...span.credits];
};

/** Charges written to at once by a payout's jobs. */
const chargeConcurrency = 16;

/** Calls `write` once for each charge the slices name, a few at a time. */
export const forEachCharge = async (
  paid: readonly PaidCredit[],
  write: (chargeToken: string) => Promise<void>,
): Promise<void> => {
  const charges = [...new Set(paid.map(({ credit }) => credit.chargeToken))];
  for (let i = 0; i < charges.length; i += chargeConcurrency) {
    await Promise.all(charges.slice(i, i + chargeConcurrency).map(write));
  }
};
