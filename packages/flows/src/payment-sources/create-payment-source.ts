import {
  addMonths,
  type Clock,
  type Ids,
  newCard,
  newTokenisedCard,
  type PaymentSourceInput,
  type PaymentSourceRecord,
  paymentSourceLifetimeMonths,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import type { CardTokensStore, PaymentSourcesStore } from '@wattle/ports';

export interface CreatePaymentSourceDeps {
  paymentSources: PaymentSourcesStore;
  cardTokens: Pick<CardTokensStore, 'seal'>;
  clock: Clock;
  ids: Ids;
}

/**
 * POST /payment_sources: the source's card under a single-use `ps_` token that expires one month
 * later. The number (a wallet's DPAN alike) is sealed as a card token's, bound to the source's
 * card, so a charge or a customer takes it in as such; a `card` source's CVC too, for its one
 * charge or authorisation (a customer made from it never keeps it). A wallet's cryptogram was
 * checked and is forgotten.
 */
export const createPaymentSource = async (
  { paymentSources, cardTokens, clock, ids }: CreatePaymentSourceDeps,
  scope: Scope,
  input: PaymentSourceInput,
): Promise<PaymentSourceRecord> => {
  const now = clock.now();
  const createdAt = toTimestamp(now);
  const cardToken = ids.token('card');
  const card =
    input.type === 'card'
      ? newCard(input.details, cardToken, createdAt)
      : newTokenisedCard(input.details, input.type, cardToken, createdAt);
  const cvc = input.type === 'card' ? input.details.cvc : undefined;
  const { card: _card, ...secrets } = await cardTokens.seal(scope, card, input.details.number, cvc);
  const source: PaymentSourceRecord = { token: ids.token('ps'), type: input.type, card, createdAt };
  await paymentSources.put(scope, { source, ...secrets }, addMonths(now, paymentSourceLifetimeMonths));
  return source;
};
