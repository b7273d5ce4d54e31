import {
  type Card,
  type CardDetails,
  type CardOwner,
  errorCatalogue,
  fieldIssue,
  type Ids,
  invalidToken,
  type Payment,
  PinError,
  type Scope,
  unowned,
} from '@wattle/domain';
import { sealNewCard } from '@wattle/flows';
import type { Store } from '@wattle/store';

/** Where a payment's card comes from: exactly one of card, card_token and customer_token. */
export type PaymentSource =
  | { kind: 'card'; details: CardDetails }
  | { kind: 'card_token'; token: string }
  /** A customer's primary card, or `cardToken`: a card of the customer (a subscription's), when it still has it. */
  | { kind: 'customer'; token: string; cardToken?: string | undefined };

/** The card a payment uses, its number for the processor, and what using it takes. */
export interface ResolvedSource {
  card: Card;
  owner: CardOwner;
  customerToken: string | null;
  sealedNumber: string;
  cardNumber: string;
  /** An unused card token the payment uses up (single use). */
  consumesCardToken: string | null;
}

const invalidCustomer = (): PinError =>
  new PinError('invalid_resource', { messages: [fieldIssue('customer_token', 'is invalid')] });

/**
 * Resolves a payment's card: a new card (sealed now), an unused card token (used up when the
 * payment is reserved), or a customer's primary card.
 */
export const resolveSource = async (
  store: Store,
  ids: Ids,
  scope: Scope,
  source: PaymentSource,
  now: Date,
): Promise<ResolvedSource> => {
  switch (source.kind) {
    case 'card': {
      const intake = await sealNewCard({ cardTokens: store.cardTokens, ids }, scope, source.details, now);
      return {
        card: intake.sealed.card,
        owner: unowned,
        customerToken: null,
        sealedNumber: intake.sealed.sealedNumber,
        cardNumber: source.details.number,
        consumesCardToken: null,
      };
    }
    case 'card_token': {
      const sealed = await store.cardTokens.findUnused(scope, source.token, now);
      if (!sealed) throw invalidToken('card_token');
      return {
        card: sealed.card,
        owner: unowned,
        customerToken: null,
        sealedNumber: sealed.sealedNumber,
        cardNumber: await store.cardTokens.open(scope, sealed),
        consumesCardToken: source.token,
      };
    }
    case 'customer': {
      const loaded = await store.customers.get(scope, source.token);
      if (!loaded) throw invalidCustomer();
      const primary = loaded.customer.primaryCard;
      const named =
        source.cardToken && source.cardToken !== primary.token
          ? await store.customers.getCard(scope, source.token, source.cardToken)
          : null;
      const sealed = named ?? (await store.customers.getCard(scope, source.token, primary.token));
      if (!sealed) throw invalidCustomer();
      return {
        card: sealed.card,
        owner: { customerToken: source.token, primary: named === null },
        customerToken: source.token,
        sealedNumber: sealed.sealedNumber,
        cardNumber: await store.cardTokens.open(scope, sealed),
        consumesCardToken: null,
      };
    }
  }
};

/** The source of a validated payment request: exactly one of the three was given. */
export const sourceOf = (input: {
  card?: unknown;
  card_token?: string;
  customer_token?: string;
}): PaymentSource =>
  input.card
    ? { kind: 'card', details: input.card as CardDetails }
    : input.card_token
      ? { kind: 'card_token', token: input.card_token }
      : { kind: 'customer', token: input.customer_token! };

/** A declined payment is recorded; the error names it, as Pin's does. */
export const declined = (payment: Payment, tokenName: 'charge_token' | 'authorisation_token'): PinError =>
  new PinError(payment.decline!, {
    description: errorCatalogue[payment.decline!].description,
    extra: { [tokenName]: payment.token },
  });

/** The payment fields of a validated POST /charges or POST /authorisations body. */
export interface PaymentInput {
  amount: number;
  currency: string;
  description: string;
  email: string;
  ip_address: string;
  reference: string;
  metadata: Record<string, string>;
  card?: CardDetails | undefined;
  card_token?: string | undefined;
  customer_token?: string | undefined;
}

/** The shared part of a payment request, from the validated body. */
export const paymentFieldsOf = (input: PaymentInput) => ({
  amount: input.amount,
  currency: input.currency,
  description: input.description,
  email: input.email,
  ipAddress: input.ip_address,
  reference: input.reference || null,
  metadata: input.metadata,
  source: sourceOf(input),
});
