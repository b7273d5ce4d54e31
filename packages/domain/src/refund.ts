import { toTimestamp } from './clock.ts';
import { PinError } from './errors.ts';
import type { Payment } from './payment.ts';

/**
 * A refund of a captured charge: created Pending, sent to the processor by a scheduled job, and
 * settled to Success (or Failed) by its answer, or, when the processor answers pending, by its
 * notification later (which may also fail a refund that succeeded).
 */
export interface Refund {
  token: string;
  chargeToken: string;
  amount: number;
  currency: string;
  createdAt: string;
  state: 'pending' | 'succeeded' | 'failed';
  errorMessage: string | null;
  /**
   * The processor account it is sent to: its charge's (Payment.processorAccount; absent where the
   * charge has none, then the live default's).
   */
  processorAccount?: string;
  /** The processor's reference of the refund, once it took it (never shown: Pin has no field). */
  processorReference?: string;
  /**
   * A refund Wattle made itself, of a charge it answered failed whose money stood at the processor
   * (a cancel by reference refused after a version that failed the charge when the cancel was only
   * taken): the money goes back to the cardholder. The merchant never had it, so neither the
   * charge's amounts nor the balance move, whatever becomes of it; it is in no list and has no job:
   * its processor's notifications settle it (absent on every other refund).
   */
  ofStoodPayment?: true;
}

/** The refund of all of a stood payment (see Refund.ofStoodPayment), as it is asked of the processor. */
export const stoodPaymentRefund = (charge: Payment, token: string, now: Date): Refund => ({
  token,
  chargeToken: charge.token,
  amount: charge.amount,
  currency: charge.currency,
  createdAt: toTimestamp(now),
  state: 'pending',
  errorMessage: null,
  ...(charge.processorAccount ? { processorAccount: charge.processorAccount } : {}),
  ofStoodPayment: true,
});

/** How long after its creation a refund settles. */
export const refundSettlementSeconds = 60 * 60;

const amountRefused = (message: string): PinError =>
  new PinError('invalid_resource', { messages: [{ param: 'amount', code: 'amount_invalid', message }] });

/** Why `amount` cannot be refunded from a charge with `left` refundable, or null when it can. */
export const refundAmountRefusal = (left: number, amount: number): PinError | null => {
  if (left === 0) return amountRefused('Amount cannot be refunded: nothing of the charge is left to refund');
  if (amount < 1) return amountRefused('Amount must be at least 1');
  if (amount > left) return amountRefused(`Amount must be no more than the refundable amount of ${left}`);
  return null;
};

/** When a refund created at `createdAt` is due to settle with the processor. */
export const refundSettlesAt = (createdAt: Date): Date =>
  new Date(createdAt.getTime() + refundSettlementSeconds * 1000);
