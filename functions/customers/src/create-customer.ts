import { type Customer, newEvent, presentCustomer, toTimestamp } from '@wattle/domain';
import { commitUsingToken, sealNewCard, takeUnusedToken } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf, validate } from '@wattle/http';
import { createCustomerOneOf, createCustomerSchema } from './schemas.ts';

/** POST /customers: the customer with its first card (card object or an unused card token). */
export const createCustomer: RouteHandler = async (request, { store, clock, ids }) => {
  const now = clock.now();
  const input = validate(createCustomerSchema(now), request.body, {
    also: createCustomerOneOf(request.body),
  });
  const scope = scopeOf(request);
  const intake = input.card
    ? await sealNewCard({ cardTokens: store.cardTokens, ids }, scope, input.card, now)
    : await takeUnusedToken({ cardTokens: store.cardTokens }, scope, input.card_token!, now, 'card_token');
  const customer: Customer = {
    token: ids.token('cus'),
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    phoneNumber: input.phone_number,
    company: input.company,
    notes: input.notes,
    createdAt: toTimestamp(now),
    primaryCard: intake.sealed.card,
  };
  const event = newEvent(ids, 'customer.created', presentCustomer(customer), customer.createdAt);
  await commitUsingToken('card_token', () => store.customers.create(scope, customer, intake, event, now));
  return resource(201, presentCustomer(customer));
};
