import { invalidSubscriptionInput, requestedResourceNotFound, type Scope } from '@wattle/domain';
import type { CustomersStore } from '@wattle/ports';
import type { NotFoundCode } from './read-subscriptions.ts';

const invalidCard = () => invalidSubscriptionInput([{ param: 'card_token', message: 'Invalid card token' }]);

/** The card a subscription bills: a card of the customer when named, else its primary card. */
export const cardOf = async (
  { customers }: { customers: Pick<CustomersStore, 'get' | 'getCard'> },
  scope: Scope,
  customerToken: string,
  cardToken: string | null,
  notFound: NotFoundCode,
): Promise<string> => {
  const customer = await customers.get(scope, customerToken);
  if (!customer) throw requestedResourceNotFound(notFound);
  if (!cardToken) return customer.customer.primaryCard.token;
  const card = await customers.getCard(scope, customerToken, cardToken);
  if (!card) throw invalidCard();
  return cardToken;
};
