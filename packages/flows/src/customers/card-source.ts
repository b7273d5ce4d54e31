import type { CardDetails, Ids, PinError, Scope } from '@wattle/domain';
import type { CardIntake, CardTokensStore, PaymentSourcesStore } from '@wattle/ports';
import { sealNewCard, takeUnusedToken } from '../cards/card-intake.ts';
import { takePaymentSource, usedFirst } from '../payment-sources/take-payment-source.ts';

/**
 * Where a customer's card comes from: card details sent with the request, an unused card token,
 * or an unused payment source.
 */
export type CardSource =
  | { kind: 'details'; details: CardDetails }
  | { kind: 'token'; token: string }
  | { kind: 'payment_source'; token: string };

/** The answer to a request whose source's token another request used first. */
export const usedFirstOf = (source: CardSource): (() => PinError) =>
  usedFirst(source.kind === 'payment_source' ? 'payment_source' : 'card_token');

/** The card to take in: sealed from its details, or the unused token or source (else refused). */
export const intakeOf = (
  deps: { cardTokens: CardTokensStore; paymentSources: PaymentSourcesStore; ids: Ids },
  scope: Scope,
  source: CardSource,
  now: Date,
): Promise<CardIntake> => {
  switch (source.kind) {
    case 'details':
      return sealNewCard(deps, scope, source.details, now);
    case 'token':
      return takeUnusedToken(deps, scope, source.token, now);
    case 'payment_source':
      return takePaymentSource(deps, scope, source.token, now);
  }
};
