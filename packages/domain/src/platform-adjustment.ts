import type { Card } from './card.ts';
import { fieldIssue, PinError } from './errors.ts';
import { chargeFees } from './pricing.ts';

/**
 * A fee a platform withholds from the merchant's proceeds of a charge (Pin's
 * `platform_adjustment`): in the charge's currency, at most what the charge leaves the merchant
 * after its fees. It is taken off the merchant entitlement and so off the balance; a refund
 * does not give it back (docs/api/behaviour.md).
 */
export interface PlatformAdjustment {
  amount: number;
  currency: string;
}

/**
 * What a payment of `amount` on `card` leaves the merchant after its fees, when that is less than
 * `adjustment` (the fees come first, so the merchant entitlement never goes below zero); null when
 * the adjustment fits. The fees depend on the card's scheme and country, so this is known only
 * once the card is read.
 */
const shortOf = (
  adjustment: PlatformAdjustment | undefined,
  card: Card,
  amount: number,
  currency: string,
): number | null => {
  if (!adjustment) return null;
  const left = amount - chargeFees(card, amount, currency);
  return adjustment.amount <= left ? null : left;
};

/** Why a payment cannot bear its platform adjustment, or null when it can. */
export const platformAdjustmentRefusal = (
  adjustment: PlatformAdjustment | undefined,
  card: Card,
  amount: number,
  currency: string,
): PinError | null => {
  const left = shortOf(adjustment, card, amount, currency);
  return left === null
    ? null
    : new PinError('invalid_resource', {
        messages: [
          fieldIssue(
            'platform_adjustment[amount]',
            `must be no more than the charge amount less its fees (${left})`,
          ),
        ],
      });
};

/**
 * Why `amount` cannot be captured of an authorisation made with `adjustment`, or null when it
 * can: the captured charge keeps the whole adjustment, so it must leave that much after its fees.
 */
export const adjustedCaptureRefusal = (
  adjustment: PlatformAdjustment | undefined,
  card: Card,
  amount: number,
  currency: string,
): PinError | null => {
  const left = shortOf(adjustment, card, amount, currency);
  return left === null
    ? null
    : new PinError('invalid_resource', {
        messages: [
          fieldIssue(
            'amount',
            `less its fees (${left}) must cover the platform adjustment of ${adjustment?.amount}`,
          ),
        ],
      });
};
