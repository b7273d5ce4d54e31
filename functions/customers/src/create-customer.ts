import { type CardSource, createCustomer } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { createCustomerOneOf, createCustomerSchema, presentCustomer, validate } from '@wattle/wire';
import type { CustomersDeps } from './deps.ts';

/** POST /customers: the customer with its first card (card object, unused card token or payment source). */
export const createCustomerRoute: RouteHandler<CustomersDeps> = async (request, deps) => {
  const input = validate(createCustomerSchema(deps.clock.now(), request.environment), request.body, {
    also: createCustomerOneOf(request.body),
  });
  const fields = {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    phoneNumber: input.phone_number,
    company: input.company,
    notes: input.notes,
  };
  const card: CardSource = input.card
    ? { kind: 'details', details: input.card }
    : input.payment_source_token
      ? { kind: 'payment_source', token: input.payment_source_token }
      : { kind: 'token', token: input.card_token! };
  const customer = await createCustomer(deps, scopeOf(request), fields, card);
  return resource(201, presentCustomer(customer));
};
