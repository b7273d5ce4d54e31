import {
  type CardChangeInput,
  type CardMoves,
  type Clock,
  type Customer,
  type CustomerFields,
  cardChangeOf,
  type Ids,
  invalidToken,
  movesForNewCard,
  movesForToken,
  newEvent,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import type {
  CardIntake,
  CardTokensStore,
  CustomersStore,
  PaymentSourcesStore,
  RetryPacing,
} from '@wattle/ports';
import { presentCustomer } from '@wattle/wire';
import { commitUsingToken, sealNewCard } from '../cards/card-intake.ts';
import { paymentSourceParam, takePaymentSource } from '../payment-sources/take-payment-source.ts';
import { retryOnChange } from '../shared/retry-on-change.ts';
import { loadCustomer, notFoundIfMissing } from './load-customer.ts';
import { locateCardToken } from './locate-card-token.ts';

export interface UpdateCustomerDeps {
  customers: CustomersStore;
  cardTokens: CardTokensStore;
  paymentSources: PaymentSourcesStore;
  clock: Clock;
  ids: Ids;
  pacing: RetryPacing;
}

/** What PUT /customers/{token} sent: the plain fields to change, and the card parameters. */
export interface CustomerUpdate {
  fields: Partial<CustomerFields>;
  cards: CardChangeInput;
}

/**
 * PUT /customers/{token}: plain fields, and at most one card change (docs/api/cookbook/customers.md), made
 * on the customer as read. When another change lands in between, the store answers Changed and
 * the update reads the customer again and decides again (where a token now is, which card goes).
 */
export const updateCustomer = async (
  { customers, cardTokens, paymentSources, clock, ids, pacing }: UpdateCustomerDeps,
  scope: Scope,
  customerToken: string,
  update: CustomerUpdate,
): Promise<Customer> => {
  const now = clock.now();
  const change = cardChangeOf(update.cards);
  const tokenParam =
    change.kind === 'make-primary'
      ? 'primary_card_token'
      : change.kind === 'replace-with-payment-source'
        ? paymentSourceParam
        : 'card_token';
  // A new card is sealed once, however many rounds its commit takes.
  const newCard =
    change.kind === 'new-card' ? await sealNewCard({ cardTokens, ids }, scope, change.details, now) : null;

  return notFoundIfMissing(() =>
    retryOnChange(pacing, async () => {
      const loaded = await loadCustomer({ customers }, scope, customerToken);
      const current = loaded.customer;
      let moves: CardMoves | null = null;
      let intake: CardIntake | null = null;
      if (newCard) {
        moves = movesForNewCard(newCard.sealed.card, current.primaryCard);
        intake = newCard;
      } else if (change.kind === 'replace-with-payment-source') {
        // Read after the customer, so an unknown customer is 404; the commit uses the source up.
        intake = await takePaymentSource({ paymentSources }, scope, change.token, now);
        moves = movesForNewCard(intake.sealed.card, current.primaryCard);
      } else if (change.kind === 'replace-with-token' || change.kind === 'make-primary') {
        const located = await locateCardToken({ customers, cardTokens }, scope, current, change.token, now);
        moves = movesForToken(change, current.primaryCard, located.source, tokenParam);
        intake = moves.adopted ? located.intake : null;
      }
      const updated: Customer = {
        ...current,
        ...update.fields,
        primaryCard: moves?.newPrimary ?? current.primaryCard,
      };
      const event = newEvent(ids, 'customer.updated', presentCustomer(updated), toTimestamp(now));
      await commitUsingToken(
        () => invalidToken(tokenParam),
        () =>
          customers.update(
            scope,
            {
              customer: updated,
              expectedVersion: loaded.version,
              intake,
              removedCardToken: moves?.removed?.token ?? null,
              event,
            },
            now,
          ),
      );
      return updated;
    }),
  );
};
