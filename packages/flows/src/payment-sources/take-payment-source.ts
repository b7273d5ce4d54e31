import { cardTokenUsed, invalidToken, type PinError, type Scope } from '@wattle/domain';
import type { CardIntake, PaymentSourcesStore } from '@wattle/ports';

/** The parameter that names a payment source wherever a card token may be given. */
export const paymentSourceParam = 'payment_source_token';

/**
 * The answer to a request whose card token or payment source another request used first (the
 * store's TokenUsed): Pin's token_already_used for a card token, the invalid-token error for a
 * payment source.
 */
export const usedFirst = (used: 'card_token' | 'payment_source') => (): PinError =>
  used === 'payment_source' ? invalidToken(paymentSourceParam) : cardTokenUsed();

/**
 * An unused payment source to take in as a card (a payment's or a customer's): its card and
 * sealed number (and CVC, which only a payment uses), used up by the taking write. Else the
 * invalid-token error.
 */
export const takePaymentSource = async (
  { paymentSources }: { paymentSources: PaymentSourcesStore },
  scope: Scope,
  token: string,
  now: Date,
): Promise<Extract<CardIntake, { from: 'payment_source' }>> => {
  const found = await paymentSources.findUnused(scope, token, now);
  if (!found) throw invalidToken(paymentSourceParam);
  const { source, ...secrets } = found;
  return { from: 'payment_source', sealed: { card: source.card, ...secrets }, paymentSourceToken: token };
};
