import { type Card, type Clock, type Customer, type Ids, PinError, type Scope } from '@wattle/domain';
import type { CardTokensStore, CustomersStore, Page, PaymentSourcesStore, RetryPacing } from '@wattle/ports';
import { commitUsingToken } from '../cards/card-intake.ts';
import { retryOnChange } from '../shared/retry-on-change.ts';
import { type CardSource, intakeOf, usedFirstOf } from './card-source.ts';
import { loadCustomer, notFoundIfMissing } from './load-customer.ts';

/** GET /customers/{token}/cards: the cards, with the customer (whose primary card is marked). */
export const listCustomerCards = async (
  { customers }: { customers: CustomersStore },
  scope: Scope,
  customerToken: string,
  page: number,
): Promise<{ customer: Customer; cards: Page<Card> }> => {
  const { customer } = await loadCustomer({ customers }, scope, customerToken);
  return { customer, cards: await customers.listCards(scope, customer.token, page) };
};

export interface AddCustomerCardDeps {
  customers: CustomersStore;
  cardTokens: CardTokensStore;
  paymentSources: PaymentSourcesStore;
  clock: Clock;
  ids: Ids;
}

/**
 * POST /customers/{token}/cards: a further card (card details, an unused card token or payment
 * source); never primary.
 */
export const addCustomerCard = async (
  { customers, cardTokens, paymentSources, clock, ids }: AddCustomerCardDeps,
  scope: Scope,
  customerToken: string,
  source: CardSource,
): Promise<Card> => {
  const now = clock.now();
  const { customer } = await loadCustomer({ customers }, scope, customerToken);
  const intake = await intakeOf({ cardTokens, paymentSources, ids }, scope, source, now);
  // The customer may be deleted while the card is on its way: then 404, as a read after it would.
  await notFoundIfMissing(() =>
    commitUsingToken(usedFirstOf(source), () => customers.addCard(scope, customer.token, intake, now)),
  );
  return intake.sealed.card;
};

/**
 * DELETE /customers/{token}/cards/{card}: only a non-primary card can go. The store refuses
 * (Changed) when the card became the primary since the read, and the next round answers
 * cannot_delete_primary_card.
 */
export const deleteCustomerCard = async (
  { customers, pacing }: { customers: CustomersStore; pacing: RetryPacing },
  scope: Scope,
  customerToken: string,
  cardToken: string,
): Promise<void> => {
  await notFoundIfMissing(() =>
    retryOnChange(pacing, async () => {
      const { customer } = await loadCustomer({ customers }, scope, customerToken);
      if (customer.primaryCard.token === cardToken) throw new PinError('cannot_delete_primary_card');
      await customers.removeCard(scope, customer.token, cardToken);
    }),
  );
};
