import { type ChargeCredit, overlapOf, type Scope, transferCurrency } from '@wattle/domain';
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
