import type { Card } from './card.ts';

/** Declines a card processor answers with (SPEC.md "Errors" and PIN-REFERENCE §2.1). */
export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'invalid_cvv'
  | 'invalid_card'
  | 'processing_error'
  | 'suspected_fraud'
  | 'expired_card'
  | 'lost_card'
  | 'stolen_card'
  | 'unknown'
  | 'gateway_error';

export interface AuthoriseInput {
  /** Our token of the charge or authorisation: the processor's idempotency key. */
  reference: string;
  card: Card;
  cardNumber: string;
  amount: number;
  currency: string;
}

export type AuthoriseOutcome = { approved: true } | { approved: false; decline: DeclineCode };

export type RefundOutcome = { settled: true } | { settled: false; reason: string };

/**
 * The acquirer behind Wattle. Every call is idempotent by `reference`, so a retried call after a
 * crash moves no money twice. The shipped implementation is the simulator (packages/processor).
 */
export interface CardProcessor {
  authorise(input: AuthoriseInput): Promise<AuthoriseOutcome>;
  capture(reference: string, amount: number): Promise<void>;
  void(reference: string): Promise<void>;
  /** Settles a refund (`refundReference`) of the captured charge `reference`. */
  refund(reference: string, refundReference: string, amount: number, card: Card): Promise<RefundOutcome>;
  /** Whether the card can take part in 3-D Secure. */
  supportsThreeDSecure(card: Card): boolean;
}
