import { type Payment, type PaymentKind, PinError, type Scope, transitionRefusal } from '@wattle/domain';
import { Changed } from '@wattle/ports';
import type { PaymentsDeps } from './deps.ts';
import { transitionRefused } from './payment-errors.ts';

export type TransitionDeps = Pick<PaymentsDeps, 'payments' | 'processor' | 'ids' | 'clock'>;

/** The payment of `kind`, or not_found. */
export const loadPayment = async (
  { payments }: Pick<PaymentsDeps, 'payments'>,
  scope: Scope,
  kind: PaymentKind,
  token: string,
): Promise<Payment> => {
  const payment = await payments.get(scope, token);
  if (!payment || payment.kind !== kind) throw new PinError('not_found');
  return payment;
};

/** Refuses a void or capture the state table does not allow, with the record's token. */
export const checkTransition = (
  payment: Payment,
  action: 'void' | 'capture',
  now: Date,
  amount?: number,
): void => {
  const refusal = transitionRefusal(payment, action, now, amount);
  if (refusal) throw transitionRefused(refusal, payment);
};

/**
 * Commits a void or capture, which uses up the authorisation's lease. The loser of a race (the
 * store answers Changed: another void or capture came first, or the lease expired) reads the
 * winner's state and answers with the matching error.
 */
export const commitTransition = async (
  { payments, clock }: Pick<PaymentsDeps, 'payments' | 'clock'>,
  scope: Scope,
  payment: Payment,
  action: 'void' | 'capture',
  commit: (now: Date) => Promise<Payment>,
): Promise<Payment> => {
  try {
    return await commit(clock.now());
  } catch (error) {
    if (!(error instanceof Changed)) throw error;
    const current = (await payments.get(scope, payment.token)) ?? payment;
    // Still authorised as read: only its lease can have gone, and a lease goes when it expires.
    throw transitionRefused(
      transitionRefusal(current, action, clock.now()) ?? 'authorisation_expired',
      current,
    );
  }
};
