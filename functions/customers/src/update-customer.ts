import {
  type CardMoves,
  type Customer,
  type CustomerFields,
  cardChangeOf,
  movesForNewCard,
  movesForToken,
  newEvent,
  presentCustomer,
  type Scope,
  type TokenSource,
  toTimestamp,
} from '@wattle/domain';
import { commitUsingToken, sealNewCard } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf, validate } from '@wattle/http';
import type { CardIntake } from '@wattle/ports';
import { retryOnChange, type Store } from '@wattle/store';
import { loadCustomer } from './read-customers.ts';
import { updateCustomerSchema } from './schemas.ts';

/** Where a token named in an update is: one of this customer's cards, an unused token, or nowhere. */
const locateToken = async (
  store: Store,
  scope: Scope,
  customer: Customer,
  cardToken: string,
  now: Date,
): Promise<{ source: TokenSource; intake: CardIntake | null }> => {
  if (cardToken === customer.primaryCard.token) {
    return { source: { kind: 'customer-card', card: customer.primaryCard }, intake: null };
  }
  const own = await store.customers.getCard(scope, customer.token, cardToken);
  if (own) return { source: { kind: 'customer-card', card: own.card }, intake: null };
  const unused = await store.cardTokens.findUnused(scope, cardToken, now);
  if (unused)
    return { source: { kind: 'unused-token', card: unused.card }, intake: { from: 'token', sealed: unused } };
  return { source: { kind: 'unknown' }, intake: null };
};

type FieldInput = {
  [K in 'email' | 'first_name' | 'last_name' | 'phone_number' | 'company' | 'notes']?: string;
};

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

/** PUT /customers/{token}: plain fields, and at most one card change (SPEC.md rules 1 to 6). */
export const updateCustomer: RouteHandler = async (request, { store, clock, ids }) => {
  const now = clock.now();
  const scope = scopeOf(request);
  const body = request.body;
  // Rule 2 is about which parameters were sent, before any of them is read.
  cardChangeOf({
    card: body.card as never,
    cardToken: body.card_token as string | undefined,
    primaryCardToken: body.primary_card_token as string | undefined,
  });
  const input = validate(updateCustomerSchema(now), body);
  const change = cardChangeOf({
    card: input.card,
    cardToken: input.card_token,
    primaryCardToken: input.primary_card_token,
  });
  const tokenParam = change.kind === 'make-primary' ? 'primary_card_token' : 'card_token';
  const newCard =
    change.kind === 'new-card'
      ? await sealNewCard({ cardTokens: store.cardTokens, ids }, scope, change.details, now)
      : null;

  const customer = await retryOnChange('customer', async () => {
    const loaded = await loadCustomer(store, scope, request.params.customer_token!);
    const current = loaded.customer;
    let moves: CardMoves | null = null;
    let intake: CardIntake | null = null;
    if (newCard) {
      moves = movesForNewCard(newCard.sealed.card, current.primaryCard);
      intake = newCard;
    } else if (change.kind === 'replace-with-token' || change.kind === 'make-primary') {
      const located = await locateToken(store, scope, current, change.token, now);
      moves = movesForToken(change, current.primaryCard, located.source, tokenParam);
      intake = moves.adopted ? located.intake : null;
    }
    const updated: Customer = {
      ...current,
      ...fieldUpdates(input),
      primaryCard: moves?.newPrimary ?? current.primaryCard,
    };
    const event = newEvent(ids, 'customer.updated', presentCustomer(updated), toTimestamp(now));
    await commitUsingToken(tokenParam, () =>
      store.customers.update(
        scope,
        {
          customer: updated,
          expectedVersion: loaded.version,
          intake,
          removedCardToken: moves?.removed?.token ?? null,
          event,
        },
        now,
      ),
    );
    return updated;
  });
  return resource(200, presentCustomer(customer));
};
