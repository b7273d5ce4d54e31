import type { Card, Customer, Scope, WattleEvent } from '@wattle/domain';
import type { CardIntake, SealedCard } from './cards.ts';
import type { Page } from './pages.ts';

/** A customer as loaded, with the version its next change must find unchanged. */
export interface LoadedCustomer {
  customer: Customer;
  version: number;
}

export interface CustomerChange {
  customer: Customer;
  expectedVersion: number;
  /** A card taken in (a new card, or an unused token). */
  intake: CardIntake | null;
  /** The old primary card, removed for good. */
  removedCardToken: string | null;
  event: WattleEvent;
}

/** A merchant's customers and their cards. */
export interface CustomersStore {
  get(scope: Scope, customerToken: string): Promise<LoadedCustomer | null>;
  /** A card of the customer, sealed, or null when the customer has no such card. */
  getCard(scope: Scope, customerToken: string, cardToken: string): Promise<SealedCard | null>;
  list(scope: Scope, page: number): Promise<Page<Customer>>;
  listCards(scope: Scope, customerToken: string, page: number): Promise<Page<Card>>;
  /** The customer's subscriptions as stored, for the subscriptions' presenter. */
  listSubscriptions(
    scope: Scope,
    customerToken: string,
    page: number,
  ): Promise<Page<Record<string, unknown>>>;
  /** The customer with its first (primary) card and its event. Throws TokenUsed for a used token. */
  create(scope: Scope, customer: Customer, intake: CardIntake, event: WattleEvent, now: Date): Promise<void>;
  /**
   * Applies a change read at `expectedVersion`. Throws Changed when another change came first
   * (read again and decide again), TokenUsed for a used token.
   */
  update(scope: Scope, change: CustomerChange, now: Date): Promise<void>;
  /** Adds a (non-primary) card. Throws Missing when the customer is gone, TokenUsed for a used token. */
  addCard(scope: Scope, customerToken: string, intake: CardIntake, now: Date): Promise<void>;
  /** Removes a card that is not the primary one. Throws Changed for the primary, Missing when there is no such card. */
  removeCard(scope: Scope, customerToken: string, cardToken: string): Promise<void>;
  /** The customer and every card of it, with its event. */
  delete(scope: Scope, loaded: LoadedCustomer, event: WattleEvent, now: Date): Promise<void>;
}
