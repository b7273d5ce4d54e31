import {
  type Clock,
  type Customer,
  type CustomerFields,
  type Ids,
  newEvent,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import type { CardTokensStore, CustomersStore, PaymentSourcesStore } from '@wattle/ports';
import { presentCustomer } from '@wattle/wire';
import { commitUsingToken } from '../cards/card-intake.ts';
import { type CardSource, intakeOf, usedFirstOf } from './card-source.ts';

export interface CreateCustomerDeps {
  customers: CustomersStore;
  cardTokens: CardTokensStore;
  paymentSources: PaymentSourcesStore;
  clock: Clock;
  ids: Ids;
}

/**
 * POST /customers: the customer with its first card, which is its primary. A card token or payment
 * source is used up by the same write: of racing requests for one token, one customer gets it, the
 * others get the invalid token error.
 */
export const createCustomer = async (
  { customers, cardTokens, paymentSources, clock, ids }: CreateCustomerDeps,
  scope: Scope,
  fields: CustomerFields,
  card: CardSource,
): Promise<Customer> => {
  const now = clock.now();
  const intake = await intakeOf({ cardTokens, paymentSources, ids }, scope, card, now);
  const customer: Customer = {
    token: ids.token('cus'),
    ...fields,
    createdAt: toTimestamp(now),
    primaryCard: intake.sealed.card,
  };
  const event = newEvent(ids, 'customer.created', presentCustomer(customer), customer.createdAt);
  await commitUsingToken(usedFirstOf(card), () => customers.create(scope, customer, intake, event, now));
  return customer;
};
