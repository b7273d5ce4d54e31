import {
  type CardDetails,
  fieldIssue,
  invalidToken,
  type PaymentCard,
  PinError,
  type Scope,
  unowned,
} from '@wattle/domain';
import { sealNewCard } from '../cards/card-intake.ts';
import type { PaymentsDeps } from './deps.ts';

/** Where a payment's card comes from: exactly one of card, card_token and customer_token. */
export type PaymentSource =
  | { kind: 'card'; details: CardDetails }
  | { kind: 'card_token'; token: string }
  /** A customer's primary card, or `cardToken`: a card of the customer (a subscription's), when it still has it. */
  | { kind: 'customer'; token: string; cardToken?: string | undefined };

/** The card a payment uses, its number for the processor, and what using it takes. */
export interface ResolvedSource extends PaymentCard {
  sealedNumber: string;
  cardNumber: string;
  /** An unused card token the payment uses up (single use). */
  consumesCardToken: string | null;
}

const invalidCustomer = (): PinError =>
  new PinError('invalid_resource', { messages: [fieldIssue('customer_token', 'is invalid')] });

/**
 * Resolves a payment's card: a new card (sealed now), an unused card token (used up when the
 * payment is reserved), or a customer's primary card (or the named card of the customer).
 */
export const resolveSource = async (
  { cardTokens, customers, ids }: Pick<PaymentsDeps, 'cardTokens' | 'customers' | 'ids'>,
  scope: Scope,
  source: PaymentSource,
  now: Date,
): Promise<ResolvedSource> => {
  switch (source.kind) {
    case 'card': {
      const intake = await sealNewCard({ cardTokens, ids }, scope, source.details, now);
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
      const sealed = await cardTokens.findUnused(scope, source.token, now);
      if (!sealed) throw invalidToken('card_token');
      return {
        card: sealed.card,
        owner: unowned,
        customerToken: null,
        sealedNumber: sealed.sealedNumber,
        cardNumber: await cardTokens.open(scope, sealed),
        consumesCardToken: source.token,
      };
    }
    case 'customer': {
      const loaded = await customers.get(scope, source.token);
      if (!loaded) throw invalidCustomer();
      const primary = loaded.customer.primaryCard;
      const named =
        source.cardToken && source.cardToken !== primary.token
          ? await customers.getCard(scope, source.token, source.cardToken)
          : null;
      const sealed = named ?? (await customers.getCard(scope, source.token, primary.token));
      if (!sealed) throw invalidCustomer();
      return {
        card: sealed.card,
        owner: { customerToken: source.token, primary: named === null },
        customerToken: source.token,
        sealedNumber: sealed.sealedNumber,
        cardNumber: await cardTokens.open(scope, sealed),
        consumesCardToken: null,
      };
    }
  }
};
