import { closest, distance } from 'fastest-levenshtein';

/**
 * ` Did you mean charge.captured?` when `given` is a likely slip for one of `known` (a couple of
 * letters off, more for a long word); an empty string when nothing is that close.
 */
export const didYouMean = (given: string, known: readonly string[]): string => {
  if (!given || known.length === 0) return '';
  const nearest = closest(given, [...known]);
  return distance(given, nearest) <= Math.max(2, Math.floor(given.length / 4))
    ? ` Did you mean ${nearest}?`
    : '';
};

/**
 * Stripe's event names, by habit typed where Pin's are asked for, with Pin's event for the same
 * thing: `trigger charge.succeeded` is answered with charge.captured.
 */
const stripeEventEquivalents: Readonly<Record<string, string>> = {
  'charge.succeeded': 'charge.captured',
  'payment_intent.succeeded': 'charge.captured',
  'payment_intent.amount_capturable_updated': 'charge.authorised',
  'payment_intent.payment_failed': 'charge.failed',
  'payment_intent.canceled': 'charge.voided',
  'charge.expired': 'charge.voided',
  'charge.refunded': 'refund.succeeded',
  'charge.refund.updated': 'refund.succeeded',
  'charge.dispute.created': 'dispute.evidence_required',
  'charge.dispute.closed': 'dispute.resolved',
  'customer.subscription.created': 'subscription.created',
  'customer.subscription.deleted': 'subscription.cancelled',
  'invoice.paid': 'subscription.renewed',
  'invoice.payment_succeeded': 'subscription.renewed',
  'invoice.payment_failed': 'subscription.renewal_failed',
  'payout.created': 'deposit.created',
  'price.created': 'plan.created',
  'product.created': 'plan.created',
};

/**
 * didYouMean for an event type: a Stripe event name is answered with Pin's equivalent (when it is
 * among `known`), anything else with the nearest of `known`.
 */
export const didYouMeanEvent = (given: string, known: readonly string[]): string => {
  const pins = stripeEventEquivalents[given];
  return pins && known.includes(pins)
    ? ` Did you mean ${pins}? (Stripe’s ${given} is Pin’s ${pins})`
    : didYouMean(given, known);
};
