import {
  leaseEndOf,
  type Payment,
  type PaymentState,
  recoveryDueOf,
  type Scope,
  settledWith,
} from '@wattle/domain';
import type { ScheduledJob } from '@wattle/ports';
import type { PaymentsDeps } from './deps.ts';
import { paymentEvent } from './payment-event.ts';

export interface SettleFrom {
  from: PaymentState;
  joinLists: boolean;
  /** The recovery job doing this (it claims the job). */
  job?: ScheduledJob;
  /** When this process reserved the payment, if it did. */
  reservedAt?: Date;
}

/** The card number a reserved payment kept sealed, for the processor. */
export const reservedCardNumber = async (
  { payments, cardTokens }: Pick<PaymentsDeps, 'payments' | 'cardTokens'>,
  scope: Scope,
  payment: Payment,
): Promise<string> => {
  const sealedNumber = await payments.sealedNumberOf(scope, payment.token);
  if (!sealedNumber) throw new Error(`Payment ${payment.token} has lost its sealed number`);
  return cardTokens.open(scope, { card: payment.card, sealedNumber });
};

/**
 * Asks the processor (idempotent by the payment's token), captures at once when asked to, and
 * writes the outcome with its event. Used on creation, by the recovery job and after 3-D Secure.
 * Throws Changed when another request or run settled the payment first.
 */
export const settleWithProcessor = async (
  { processor, payments, ids, clock }: Pick<PaymentsDeps, 'processor' | 'payments' | 'ids' | 'clock'>,
  scope: Scope,
  reserved: Payment,
  cardNumber: string,
  from: SettleFrom,
): Promise<Payment> => {
  const outcome = await processor.authorise({
    reference: reserved.token,
    card: reserved.card,
    cardNumber,
    amount: reserved.amount,
    currency: reserved.currency,
  });
  if (outcome.approved && reserved.captureOnSuccess) await processor.capture(reserved.token, reserved.amount);
  const now = clock.now();
  const settled = settledWith(reserved, outcome);
  await payments.settle(
    scope,
    settled,
    paymentEvent(ids, settled, now),
    {
      from: from.from,
      joinLists: from.joinLists,
      leaseExpiresAt: leaseEndOf(settled),
      job: from.job,
      reservedAt: from.reservedAt,
      recoveryDueAt: recoveryDueOf(reserved),
    },
    now,
  );
  return settled;
};
