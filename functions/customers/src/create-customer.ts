import { presentCustomer } from '@wattle/domain';
import { createCustomer } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf, validate } from '@wattle/http';
import { createCustomerOneOf, createCustomerSchema } from './schemas.ts';

/** POST /customers: the customer with its first card (card object or an unused card token). */
export const createCustomerRoute: RouteHandler = async (request, deps) => {
  const input = validate(createCustomerSchema(deps.clock.now()), request.body, {
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
  const card = input.card
    ? { kind: 'details' as const, details: input.card }
    : { kind: 'token' as const, token: input.card_token! };
  const customer = await createCustomer(deps, scopeOf(request), fields, card);
  return resource(201, presentCustomer(customer));
};
