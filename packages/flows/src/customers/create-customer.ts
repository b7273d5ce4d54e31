import {
  type Clock,
  type Customer,
  type CustomerFields,
  type Ids,
  newEvent,
  presentCustomer,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import type { CardTokensStore, CustomersStore } from '@wattle/ports';
import { commitUsingToken } from '../cards/card-intake.ts';
import { type CardSource, intakeOf } from './card-source.ts';

export interface CreateCustomerDeps {
  customers: CustomersStore;
  cardTokens: CardTokensStore;
  clock: Clock;
  ids: Ids;
}

/**
 * POST /customers: the customer with its first card, which is its primary. A card token is used
 * up by the same write: of racing requests for one token, one customer gets it, the others get
 * the invalid card_token error.
 */
export const createCustomer = async (
  { customers, cardTokens, clock, ids }: CreateCustomerDeps,
  scope: Scope,
  fields: CustomerFields,
  card: CardSource,
): Promise<Customer> => {
  const now = clock.now();
  const intake = await intakeOf({ cardTokens, ids }, scope, card, now);
  const customer: Customer = {
    token: ids.token('cus'),
    ...fields,
    createdAt: toTimestamp(now),
    primaryCard: intake.sealed.card,
  };
  const event = newEvent(ids, 'customer.created', presentCustomer(customer), customer.createdAt);
  await commitUsingToken('card_token', () => customers.create(scope, customer, intake, event, now));
  return customer;
};
