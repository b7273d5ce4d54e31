import type { PaymentSourceRecord, Scope } from '@wattle/domain';
import type { SealedSecrets } from './cards.ts';

/**
 * A payment source with its card's number (and a `card` source's CVC, for its one charge) sealed
 * as a card token's are (bound to the card's token), so a charge opens it, and a customer keeps
 * its number, exactly as a card from a card token.
 */
export interface SealedPaymentSource extends SealedSecrets {
  source: PaymentSourceRecord;
}

/**
 * Payment sources from POST /payment_sources: single use (one charge, authorisation or customer),
 * one month. A write that uses one up throws TokenUsed when another request used it first or it
 * expired.
 */
export interface PaymentSourcesStore {
  put(scope: Scope, sealed: SealedPaymentSource, expiresAt: Date): Promise<void>;
  /** The unused, unexpired source, or null (never existed, another merchant's, used or expired). */
  findUnused(scope: Scope, token: string, now: Date): Promise<SealedPaymentSource | null>;
}
