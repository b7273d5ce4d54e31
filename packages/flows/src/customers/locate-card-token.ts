import type { Customer, Scope, TokenSource } from '@wattle/domain';
import type { CardIntake, CardTokensStore, CustomersStore } from '@wattle/ports';

/**
 * Where a card token named in an update is: one of this customer's cards, an unused token (with
 * the intake that would take it in), or nowhere.
 */
export const locateCardToken = async (
  { customers, cardTokens }: { customers: CustomersStore; cardTokens: CardTokensStore },
  scope: Scope,
  customer: Customer,
  cardToken: string,
  now: Date,
): Promise<{ source: TokenSource; intake: CardIntake | null }> => {
  if (cardToken === customer.primaryCard.token) {
    return { source: { kind: 'customer-card', card: customer.primaryCard }, intake: null };
  }
  const own = await customers.getCard(scope, customer.token, cardToken);
  if (own) return { source: { kind: 'customer-card', card: own.card }, intake: null };
  const unused = await cardTokens.findUnused(scope, cardToken, now);
  if (unused) {
    return { source: { kind: 'unused-token', card: unused.card }, intake: { from: 'token', sealed: unused } };
  }
  return { source: { kind: 'unknown' }, intake: null };
};
