import type { Payment, PaymentChange, PaymentKind, Scope } from '@wattle/domain';
import type { SealedSecrets } from './cards.ts';
import type { KeyClaim, KeyCompletion } from './idempotency.ts';
import type { Page } from './pages.ts';
import type { SubscriptionWrite } from './subscriptions.ts';

/**
 * One change a payment's transaction commits: the domain's (reservationOf, settlementOf,
 * transitionOf), or a subscription's riding with them (a bill's charge: its bill's beginning with
 * the reservation, its settlement with the charge's), or the request's Idempotency-Key: its claim
 * riding first in the reservation (KeyClaim), its answer with the settlement (KeyCompletion).
 */
export type PaymentWrite = PaymentChange | SubscriptionWrite | KeyClaim | KeyCompletion;

/** Where a 3-D Secure session leads: the merchant and the payment waiting for the payer. */
export interface ThreeDSecureSession {
  scope: Scope;
  paymentToken: string;
}

/**
 * Charges and authorisations. A payment is reserved (card token used up, recovery scheduled)
 * before the processor is asked, then settled with its outcome: the processor is asked at most
 * once per reservation, and a crash in between is finished by the recovery job.
 */
export interface PaymentsStore {
  get(scope: Scope, token: string): Promise<Payment | null>;
  /**
   * The sealed card number, and the sealed CVC when one was sent for it, a reserved payment keeps
   * until it is settled (null once settled).
   */
  sealedSecretsOf(scope: Scope, token: string): Promise<SealedSecrets | null>;
  /** The merchant's charges or authorisations, newest first. */
  list(scope: Scope, kind: PaymentKind, page: number): Promise<Page<Payment>>;
  /** A customer's charges, newest first. */
  listForCustomer(scope: Scope, customerToken: string, page: number): Promise<Page<Payment>>;
  /** The merchant's charges created in [from, to), at most `limit` of them, newest first. */
  chargesBetween(scope: Scope, from: Date | null, to: Date | null, limit: number): Promise<Payment[]>;
  session(sessionToken: string): Promise<ThreeDSecureSession | null>;
  /**
   * Commits the changes in one transaction, in their order, or none of them. Throws what a
   * change's condition refuses: TokenTaken (a reservation whose payment token exists: the same
   * request came before), TokenUsed (a card token or payment source used or expired since it was
   * read), Changed (a payment no longer in the state its change is `from`, or a lease gone),
   * JobTaken (a job claimed by another run), KeyHeld (a KeyClaim on a held key), and, for a
   * subscription's change, what SubscriptionsStore.commit throws.
   */
  commit(scope: Scope, changes: readonly PaymentWrite[], now: Date): Promise<void>;
}
