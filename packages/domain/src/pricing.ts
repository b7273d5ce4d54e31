import type { Card } from './card.ts';

/**
 * An account's transaction pricing: a fixed fee plus a percentage, by card and currency
 * (defaults as Pin's default settings: docs/api/behaviour.md).
 */
export interface Pricing {
  fixedFee: number;
  /** Percentages as decimal text, as Pin shows them ("1.75"). */
  domesticPercentage: string;
  amexPercentage: string;
  foreignPercentage: string;
  /** The account's home: cards issued elsewhere, and other currencies, are foreign. */
  country: string;
  currency: string;
}

export const defaultPricing: Pricing = {
  fixedFee: 30,
  domesticPercentage: '1.75',
  amexPercentage: '1.75',
  foreignPercentage: '2.9',
  country: 'AU',
  currency: 'AUD',
};

/** Which rate applies: amex cards have their own; foreign cards or currencies the foreign one. */
export const percentageFor = (pricing: Pricing, card: Card, currency: string): string => {
  if (card.scheme === 'amex') return pricing.amexPercentage;
  if (card.issuingCountry !== pricing.country || currency !== pricing.currency)
    return pricing.foreignPercentage;
  return pricing.domesticPercentage;
};

/** Hundredths of a percent as an integer, so fee arithmetic stays exact ("1.75" → 175). */
const basisPoints = (percentage: string): number => {
  const [whole = '0', fraction = ''] = percentage.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};

/** The fees of a charge: fixed fee plus the percentage, rounded half up to the base unit. */
export const totalFees = (pricing: Pricing, card: Card, amount: number, currency: string): number => {
  const variable = Math.floor((amount * basisPoints(percentageFor(pricing, card, currency)) + 5000) / 10000);
  return Math.min(amount, pricing.fixedFee + variable);
};

/** The fees of a charge of `amount` on `card`: every account has the default pricing. */
export const chargeFees = (card: Card, amount: number, currency: string): number =>
  totalFees(defaultPricing, card, amount, currency);

/**
 * What a dispute (chargeback) costs the merchant, in the disputed currency's base unit, kept
 * whatever the outcome (as Stripe's and Pin's dispute fees): A$25.
 */
export const disputeFee = 2500;
