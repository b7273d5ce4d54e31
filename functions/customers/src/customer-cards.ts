import { fieldIssue, PinError } from '@wattle/domain';
import { addCustomerCard, type CardSource, deleteCustomerCard, listCustomerCards } from '@wattle/flows';
import {
  type ApiRequest,
  listOf,
  noContent,
  pageOf,
  type RouteHandler,
  resource,
  scopeOf,
} from '@wattle/http';
import {
  cardFieldsGiven,
  cardInputSchema,
  cardTokenSchema,
  paymentSourceTokenSchema,
  presentCard,
  validate,
} from '@wattle/wire';
import type { CustomersDeps } from './deps.ts';

/** GET /customers/{token}/cards: the primary card shows primary true, the others false. */
export const listCustomerCardsRoute: RouteHandler<
  CustomersDeps,
  'GET /1/customers/{customer_token}/cards'
> = async (request, deps) => {
  const page = pageOf(request.query);
  const { customer, cards } = await listCustomerCards(
    deps,
    scopeOf(request),
    request.params.customer_token,
    page,
  );
  return listOf('full', page, cards, (card) =>
    presentCard(card, { customerToken: customer.token, primary: card.token === customer.primaryCard.token }),
  );
};

const together = (param: string, other: string): PinError =>
  new PinError('invalid_resource', {
    messages: [fieldIssue(param, `cannot be given together with ${other}`)],
  });

/** The card fields, card_token or payment_source_token: one of them. */
const cardSourceOf = ({ body, environment }: ApiRequest, now: Date): CardSource => {
  const byCardToken = body.card_token !== undefined;
  const bySource = body.payment_source_token !== undefined;
  if (!byCardToken && !bySource)
    return { kind: 'details', details: validate(cardInputSchema(now, environment), body) };
  if (byCardToken && bySource) throw together('payment_source_token', 'card token');
  if (cardFieldsGiven(body))
    throw together(byCardToken ? 'card_token' : 'payment_source_token', 'card details');
  return byCardToken
    ? { kind: 'token', token: validate(cardTokenSchema, body).card_token }
    : { kind: 'payment_source', token: validate(paymentSourceTokenSchema, body).payment_source_token };
};

/**
 * POST /customers/{token}/cards: 201 with the card (never primary) and the caller's address,
 * however the card came: Pin's API reference gives this route's answer "card object (primary false) plus
 * `ip_address`" for card fields and card_token alike, so its rule is kept over the recording of
 * Pin echoing none for a card added by its token (issue 41).
 */
export const addCustomerCardRoute: RouteHandler<
  CustomersDeps,
  'POST /1/customers/{customer_token}/cards'
> = async (request, deps) => {
  const source = cardSourceOf(request, deps.clock.now());
  const customerToken = request.params.customer_token;
  const card = await addCustomerCard(deps, scopeOf(request), customerToken, source);
  return resource(201, presentCard(card, { customerToken, primary: false }), {
    ip_address: request.sourceIp,
  });
};

/** DELETE /customers/{token}/cards/{card}: 204; only a non-primary card can go. */
export const deleteCustomerCardRoute: RouteHandler<
  CustomersDeps,
  'DELETE /1/customers/{customer_token}/cards/{card_token}'
> = async (request, deps) => {
  await deleteCustomerCard(deps, scopeOf(request), request.params.customer_token, request.params.card_token);
  return noContent();
};
