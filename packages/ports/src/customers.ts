import type { Card, Customer, Payment, Scope, Subscription, WattleEvent } from '@wattle/domain';
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
  /** The token of the customer a stored card belongs to, or null when no customer has the card. */
  findCardOwner(scope: Scope, cardToken: string): Promise<string | null>;
  list(scope: Scope, page: number): Promise<Page<Customer>>;
  listCards(scope: Scope, customerToken: string, page: number): Promise<Page<Card>>;
  /** The customer's subscriptions, newest first. */
  listSubscriptions(scope: Scope, customerToken: string, page: number): Promise<Page<Subscription>>;
  /** The customer with its first (primary) card and its event. Throws TokenUsed for a used token. */
  create(scope: Scope, customer: Customer, intake: CardIntake, event: WattleEvent, now: Date): Promise<void>;
  /**
   * Applies a change read at `expectedVersion`. Throws Changed when another change came first
   * (read again and decide again), Missing when the customer is gone, TokenUsed for a used token.
   */
  update(scope: Scope, change: CustomerChange, now: Date): Promise<void>;
  /** Adds a (non-primary) card. Throws Missing when the customer is gone, TokenUsed for a used token. */
  addCard(scope: Scope, customerToken: string, intake: CardIntake, now: Date): Promise<void>;
  /**
   * Removes a card that is not the primary one. Throws Changed when the card is (now) the primary,
   * Missing when the customer or the card is not there.
   */
  removeCard(scope: Scope, customerToken: string, cardToken: string): Promise<void>;
  /**
   * The customer and every card of it, with its event. Throws Changed when the customer changed
   * since `loaded` was read, Missing when it is gone.
   */
  delete(scope: Scope, loaded: LoadedCustomer, event: WattleEvent, now: Date): Promise<void>;
}

/**
 * The charges made for a customer, newest first: what GET /customers/{token}/charges reads of the
 * payments' store (the payments' own port holds the rest).
 */
export interface CustomerChargesReader {
  listForCustomer(scope: Scope, customerToken: string, page: number): Promise<Page<Payment>>;
}
