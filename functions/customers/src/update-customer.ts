import { type CustomerFields, cardChangeOf } from '@wattle/domain';
import { updateCustomer } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentCustomer, updateCustomerSchema, validate } from '@wattle/wire';
import type { CustomersDeps } from './deps.ts';

type FieldInput = {
  [K in 'email' | 'first_name' | 'last_name' | 'phone_number' | 'company' | 'notes']?: string;
};

/** The plain fields sent: absent ones stay as they are. */
const fieldUpdates = (input: FieldInput): Partial<CustomerFields> => {
  const updates: Partial<CustomerFields> = {};
  if (input.email !== undefined) updates.email = input.email;
  if (input.first_name !== undefined) updates.firstName = input.first_name;
  if (input.last_name !== undefined) updates.lastName = input.last_name;
  if (input.phone_number !== undefined) updates.phoneNumber = input.phone_number;
  if (input.company !== undefined) updates.company = input.company;
  if (input.notes !== undefined) updates.notes = input.notes;
  return updates;
};

/** PUT /customers/{token}: 200 with the customer as updated (docs/api/cookbook/customers.md). */
export const updateCustomerRoute: RouteHandler<CustomersDeps, 'PUT /1/customers/{customer_token}'> = async (
  request,
  deps,
) => {
  const body = request.body;
  // Rule 2 is about which parameters were sent, before any of them is read.
  cardChangeOf({
    card: body.card as never,
    cardToken: body.card_token as string | undefined,
    paymentSourceToken: body.payment_source_token as string | undefined,
    primaryCardToken: body.primary_card_token as string | undefined,
  });
  const input = validate(updateCustomerSchema(deps.clock.now(), request.environment), body);
  const customer = await updateCustomer(deps, scopeOf(request), request.params.customer_token, {
    fields: fieldUpdates(input),
    cards: {
      card: input.card,
      cardToken: input.card_token,
      paymentSourceToken: input.payment_source_token,
      primaryCardToken: input.primary_card_token,
    },
  });
  return resource(200, presentCustomer(customer));
};
