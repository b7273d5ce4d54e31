import { merchantEntitlement, type Payment } from './payment.ts';
import type { ChargeCredit } from './transfer.ts';

/** One currency's balance (docs/api/cookbook/transfers.md). */
export interface CurrencyBalance {
  currency: string;
  /** Settled merchant entitlements less refunds and transfers: what a transfer may pay out. */
  available: number;
  /** Entitlements of captured charges still in their settlement delay. */
  unsettled: number;
}

/** Charges' proceeds become available this many days after capture (default settings). */
export const settlementDelayDays = 5;

/**
 * A test card whose captured charges' proceeds are available at capture (as Stripe's
 * 4000000000000077), so a new account can charge and then transfer without moving the clock.
 */
export const instantProceedsCard = '4000000000000077';

/** The settlement delay a charge on `cardNumber` gets, when it is not the default one. */
export const settlementDelayFor = (cardNumber: string): Pick<Payment, 'settlementDelayDays'> =>
  cardNumber === instantProceedsCard ? { settlementDelayDays: 0 } : {};

/** The UTC day (YYYY-MM-DD) a charge captured at `capturedAt` settles on. */
export const settlementDay = (capturedAt: string, delayDays = settlementDelayDays): string =>
  new Date(Date.parse(capturedAt) + delayDays * 86_400_000).toISOString().slice(0, 10);

/**
 * A currency's balance at `now` from its captures' proceeds by the UTC day they settle on
 * (YYYY-MM-DD) and the sum of its debits: the proceeds settled by today's date are available, less
 * the debits; the others are unsettled. `credited` is every capture's proceeds, settled or not.
 */
export const balanceOf = (
  currency: string,
  proceeds: Iterable<readonly [settlesOn: string, amount: number]>,
  debited: number,
  now: Date,
): CurrencyBalance & { credited: number } => {
  const today = now.toISOString().slice(0, 10);
  let settled = 0;
  let unsettled = 0;
  for (const [settlesOn, amount] of proceeds) {
    if (settlesOn <= today) settled += amount;
    else unsettled += amount;
  }
  return { currency, available: settled - debited, unsettled, credited: settled + unsettled };
};

/** A captured charge's proceeds as the balance's credits keep them, at `position` in their order. */
export const chargeCreditOf = (charge: Payment, position: string): ChargeCredit => ({
  position,
  chargeToken: charge.token,
  description: charge.description,
  amount: charge.amount,
  totalFees: charge.totalFees ?? 0,
  ...(charge.platformAdjustment ? { platformAdjustment: charge.platformAdjustment.amount } : {}),
  merchantEntitlement: merchantEntitlement(charge),
  createdAt: charge.createdAt,
});
