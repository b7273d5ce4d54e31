import {
  type CardDetails,
  type Customer,
  fieldIssue,
  type PaymentCard,
  PinError,
  type ProcessorCard,
  type Scope,
  unowned,
} from '@wattle/domain';
import type { SealedCard, SealedSecrets } from '@wattle/ports';
import { refusedCardToken, sealNewCard } from '../cards/card-intake.ts';
import { takePaymentSource } from '../payment-sources/take-payment-source.ts';
import type { PaymentsDeps } from './deps.ts';

/**
 * Where a payment's card comes from: a new card, a card token (unused, or a customer's stored
 * card), a customer's primary card, or a named card of a customer.
 */
export type PaymentSource =
  | { kind: 'card'; details: CardDetails }
  | { kind: 'card_token'; token: string }
  /** An unused payment source (POST /payment_sources): single use, as an unused card token. */
  | { kind: 'payment_source'; token: string }
  /**
   * A customer's primary card, or `cardToken`: a card of the customer (a subscription's), when it
   * still has it. `customer`: the customer as the caller has just read it (a bill's charge), not read again.
   */
  | { kind: 'customer'; token: string; cardToken?: string | undefined; customer?: Customer | undefined }
  /** customer_token with card_token: that card of that customer, refused when the customer has no such card. */
  | { kind: 'customer_card'; token: string; cardToken: string };

/**
 * The card a payment uses, its secrets sealed (kept by its reservation until it settles) and
 * opened for the processor, and what using it takes.
 */
export interface ResolvedSource extends PaymentCard, SealedSecrets {
  /** The card as the processor takes it: its number, and the CVC sent for this payment, if any. */
  opened: ProcessorCard;
  /** An unused card token the payment uses up (single use). */
  consumesCardToken: string | null;
  /** An unused payment source the payment uses up (single use). */
  consumesPaymentSource: string | null;
}

const invalidCustomer = (): PinError =>
  new PinError('invalid_resource', { messages: [fieldIssue('customer_token', 'is invalid')] });

const notTheCustomersCard = (): PinError =>
  new PinError('invalid_resource', {
    messages: [fieldIssue('card_token', 'is not a card of this customer')],
  });

type SourceDeps = Pick<PaymentsDeps, 'cardTokens' | 'paymentSources' | 'customers' | 'ids'>;

/** A sealed card's secrets, its CVC only when it was sealed with one. */
const secretsOf = ({ sealedNumber, sealedCvc }: SealedSecrets): SealedSecrets =>
  sealedCvc ? { sealedNumber, sealedCvc } : { sealedNumber };

/** A stored card of a customer: it stays the customer's, so any number of payments may use it. */
const customerCard = async (
  { cardTokens }: SourceDeps,
  scope: Scope,
  customerToken: string,
  primary: boolean,
  sealed: SealedCard,
): Promise<ResolvedSource> => ({
  card: sealed.card,
  owner: { customerToken, primary },
  customerToken,
  sealedNumber: sealed.sealedNumber,
  opened: await cardTokens.open(scope, { card: sealed.card, sealedNumber: sealed.sealedNumber }),
  consumesCardToken: null,
  consumesPaymentSource: null,
});

/**
 * An unused card token or payment source: the card of no customer, used up by the payment, with
 * the CVC sent with it (POST /cards') for this, its one payment.
 */
const unusedSource = async (
  { cardTokens }: SourceDeps,
  scope: Scope,
  sealed: SealedCard,
  consumes: Pick<ResolvedSource, 'consumesCardToken' | 'consumesPaymentSource'>,
): Promise<ResolvedSource> => ({
  card: sealed.card,
  owner: unowned,
  customerToken: null,
  ...secretsOf(sealed),
  opened: await cardTokens.open(scope, sealed),
  ...consumes,
});

/** The named card of a customer, or null when the customer has no such card. */
const namedCard = async (
  deps: SourceDeps,
  scope: Scope,
  customer: Customer,
  cardToken: string,
): Promise<ResolvedSource | null> => {
  const sealed = await deps.customers.getCard(scope, customer.token, cardToken);
  if (!sealed) return null;
  return customerCard(deps, scope, customer.token, customer.primaryCard.token === cardToken, sealed);
};

/**
 * Resolves a payment's card: a new card (sealed now), an unused card token or payment source
 * (used up when the payment is reserved), or a customer's stored card: the primary one, one named by its token
 * with the customer's, or one named by its token alone (the customer found from the card).
 */
export const resolveSource = async (
  deps: SourceDeps,
  scope: Scope,
  source: PaymentSource,
  now: Date,
): Promise<ResolvedSource> => {
  const { cardTokens, customers, ids } = deps;
  switch (source.kind) {
    case 'card': {
      const intake = await sealNewCard({ cardTokens, ids }, scope, source.details, now, { withCvc: true });
      return {
        card: intake.sealed.card,
        owner: unowned,
        customerToken: null,
        ...secretsOf(intake.sealed),
        opened: { card: intake.sealed.card, number: source.details.number, cvc: source.details.cvc },
        consumesCardToken: null,
        consumesPaymentSource: null,
      };
    }
    case 'card_token': {
      const sealed = await cardTokens.findUnused(scope, source.token, now);
      if (sealed) {
        return unusedSource(deps, scope, sealed, {
          consumesCardToken: source.token,
          consumesPaymentSource: null,
        });
      }
      // A used token may be a card a customer keeps: client libraries charge it by its token.
      const owner = await customers.findCardOwner(scope, source.token);
      const loaded = owner ? await customers.get(scope, owner) : null;
      const stored = loaded ? await namedCard(deps, scope, loaded.customer, source.token) : null;
      if (!stored) throw await refusedCardToken(deps, scope, source.token, now);
      return stored;
    }
    case 'payment_source': {
      const { sealed } = await takePaymentSource(deps, scope, source.token, now);
      return unusedSource(deps, scope, sealed, {
        consumesCardToken: null,
        consumesPaymentSource: source.token,
      });
    }
    case 'customer_card': {
      const loaded = await customers.get(scope, source.token);
      if (!loaded) throw invalidCustomer();
      const stored = await namedCard(deps, scope, loaded.customer, source.cardToken);
      if (!stored) throw notTheCustomersCard();
      return stored;
    }
    case 'customer': {
      const customer = source.customer ?? (await customers.get(scope, source.token))?.customer;
      if (!customer) throw invalidCustomer();
      const primary = customer.primaryCard;
      const named =
        source.cardToken && source.cardToken !== primary.token
          ? await customers.getCard(scope, source.token, source.cardToken)
          : null;
      const sealed = named ?? (await customers.getCard(scope, source.token, primary.token));
      if (!sealed) throw invalidCustomer();
      return customerCard(deps, scope, source.token, named === null, sealed);
    }
  }
};
