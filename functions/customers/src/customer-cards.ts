import { fieldIssue, PinError, presentCard } from '@wattle/domain';
import { commitUsingToken, sealNewCard, takeUnusedToken } from '@wattle/flows';
import {
  cardInputSchema,
  listOf,
  pageOf,
  type RouteHandler,
  resource,
  scopeOf,
  validate,
} from '@wattle/http';
import { ConditionFailedError, retryOnChange } from '@wattle/store';
import { loadCustomer } from './read-customers.ts';
import { cardFieldsGiven, cardTokenSchema } from './schemas.ts';

/** GET /customers/{token}/cards: the primary card shows primary true, the others false. */
export const listCustomerCards: RouteHandler = async (request, { store }) => {
  const scope = scopeOf(request);
  const { customer } = await loadCustomer(store, scope, request.params.customer_token!);
  const page = pageOf(request.query);
  const cards = await store.customers.listCards(scope, customer.token, page);
  return listOf('full', page, cards, (card) =>
    presentCard(card, { customerToken: customer.token, primary: card.token === customer.primaryCard.token }),
  );
};

/** POST /customers/{token}/cards: a further card (card fields or an unused card_token); never primary. */
export const addCustomerCard: RouteHandler = async (request, { store, clock, ids }) => {
  const now = clock.now();
  const scope = scopeOf(request);
  const { customer } = await loadCustomer(store, scope, request.params.customer_token!);
  const body = request.body;
  const withToken = body.card_token !== undefined;
  if (withToken && cardFieldsGiven(body)) {
    throw new PinError('invalid_resource', {
      messages: [fieldIssue('card_token', 'cannot be given together with card details')],
    });
  }
  const intake = withToken
    ? await takeUnusedToken(
        { cardTokens: store.cardTokens },
        scope,
        validate(cardTokenSchema, body).card_token,
        now,
        'card_token',
      )
    : await sealNewCard(
        { cardTokens: store.cardTokens, ids },
        scope,
        validate(cardInputSchema(now), body),
        now,
      );
  try {
    await commitUsingToken('card_token', () => store.customers.addCard(scope, customer.token, intake, now));
  } catch (error) {
    // The customer was deleted while the card was on its way.
    if (error instanceof ConditionFailedError && error.label === 'customer') throw new PinError('not_found');
    throw error;
  }
  const card = presentCard(intake.sealed.card, { customerToken: customer.token, primary: false });
  return resource(201, card, { ip_address: request.sourceIp });
};

/** DELETE /customers/{token}/cards/{card}: only a non-primary card can go. */
export const deleteCustomerCard: RouteHandler = async (request, { store }) => {
  const scope = scopeOf(request);
  const cardToken = request.params.card_token!;
  await retryOnChange('customer', async () => {
    const { customer } = await loadCustomer(store, scope, request.params.customer_token!);
    if (customer.primaryCard.token === cardToken) throw new PinError('cannot_delete_primary_card');
    try {
      await store.customers.removeCard(scope, customer.token, cardToken);
    } catch (error) {
      if (error instanceof ConditionFailedError && error.label === 'card') throw new PinError('not_found');
      throw error;
    }
  });
  return { status: 204 };
};
