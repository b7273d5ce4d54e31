import { type Payment, type RecoveryEnd, type Scope, settledWith, settlementOf } from '@wattle/domain';
import { Changed, type PaymentWrite, type ScheduledJob } from '@wattle/ports';
import type { PaymentsDeps } from './deps.ts';
import { paymentEvent } from './payment-event.ts';

/** Who is settling a reserved payment. */
export interface SettleHow {
  /** The payment's recovery job, whose run this is: the settlement claims it. */
  job?: ScheduledJob | undefined;
  /** A subscription bill's charge: it has no recovery job of its own (the bill's stands for it). */
  billed?: boolean | undefined;
  /** When this process reserved the payment, if it did: it joins its lists there (saves a read). */
  reservedAt?: Date | undefined;
}

/** A payment the processor answered for: settled, with the changes that write it, not yet committed. */
export interface ProcessorSettlement {
  settled: Payment;
  changes: PaymentWrite[];
  /** When the settlement was decided: the time to commit it at. */
  now: Date;
}

/** How the settlement ends the payment's recovery job (see RecoveryEnd). */
export const recoveryEndOf = ({ job, billed }: Pick<SettleHow, 'job' | 'billed'>): RecoveryEnd =>
  job ? { by: 'run', dueAt: job.dueAt } : billed ? { by: 'bill' } : { by: 'own' };

/**
 * The card number a reserved payment kept sealed, for the processor. Settling drops it: when it is
 * gone because another request or run settled the payment since `payment` was read, that is the
 * race settling would have reported (Changed); gone from a payment still as read, it is lost.
 */
export const reservedCardNumber = async (
  { payments, cardTokens }: Pick<PaymentsDeps, 'payments' | 'cardTokens'>,
  scope: Scope,
  payment: Payment,
): Promise<string> => {
  const sealedNumber = await payments.sealedNumberOf(scope, payment.token);
  if (!sealedNumber) {
    const now = await payments.get(scope, payment.token);
    if (now && now.state !== payment.state) throw new Changed('payment', payment.token);
    throw new Error(`Payment ${payment.token} has lost its sealed number`);
  }
  return cardTokens.open(scope, { card: payment.card, sealedNumber });
};

/**
 * Asks the processor (idempotent by the payment's token), captures at once when asked to, and
 * decides the settlement: the payment's new state and its changes (settlementOf) with its event.
 * Nothing is written: the caller commits the changes, with its own (a bill's) if it has any.
 */
export const settlementWithProcessor = async (
  { processor, ids, clock }: Pick<PaymentsDeps, 'processor' | 'ids' | 'clock'>,
  reserved: Payment,
  cardNumber: string,
  how: SettleHow,
): Promise<ProcessorSettlement> => {
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
  const changes = settlementOf({
    before: reserved,
    after: settled,
    event: paymentEvent(ids, settled, now),
    recovery: recoveryEndOf(how),
    reservedAt: how.reservedAt,
    now,
  });
  return { settled, changes, now };
};

/**
 * Asks the processor and writes the outcome (settlementWithProcessor). Used on creation, by the
 * recovery job and after 3-D Secure. Throws Changed when another request or run settled the
 * payment first.
 */
export const settleWithProcessor = async (
  deps: Pick<PaymentsDeps, 'processor' | 'payments' | 'ids' | 'clock'>,
  scope: Scope,
  reserved: Payment,
  cardNumber: string,
  how: SettleHow,
): Promise<Payment> => {
  const { settled, changes, now } = await settlementWithProcessor(deps, reserved, cardNumber, how);
  await deps.payments.commit(scope, changes, now);
  return settled;
};
