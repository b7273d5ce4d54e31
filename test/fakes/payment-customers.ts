import type { Customer, Scope } from '@wattle/domain';
import type { CustomersStore, SealedCard } from '@wattle/ports';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

/**
 * Just the part of the customers port a payment reads (a customer and its sealed cards), for
 * customer_token payments. `add` stands in for creating the customer.
 */
export const fakePaymentCustomers = (): Pick<CustomersStore, 'get' | 'getCard' | 'findCardOwner'> & {
  add(scope: Scope, customer: Customer, cards: SealedCard[]): void;
} => {
  const customers = new Map<string, { customer: Customer; cards: SealedCard[] }>();
  return {
    add: (scope, customer, cards) => customers.set(key(scope, customer.token), { customer, cards }),
    get: async (scope, token) => {
      const found = customers.get(key(scope, token));
      return found ? { customer: found.customer, version: 1 } : null;
    },
    getCard: async (scope, customerToken, cardToken) =>
      customers.get(key(scope, customerToken))?.cards.find((sealed) => sealed.card.token === cardToken) ??
      null,
    findCardOwner: async (scope, cardToken) =>
      [...customers.entries()].find(
        ([k, { cards }]) =>
          k.startsWith(`${scope.accountId}#${scope.environment}#`) &&
          cards.some((sealed) => sealed.card.token === cardToken),
      )?.[1].customer.token ?? null,
  };
};
