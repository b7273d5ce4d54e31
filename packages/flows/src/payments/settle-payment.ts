import {
  leaseEndOf,
  type Payment,
  type PaymentState,
  paymentRecoveryDueAt,
  type Scope,
  settledWith,
} from '@wattle/domain';
import { Changed, type ScheduledJob, type SubscriptionChange } from '@wattle/ports';
import type { PaymentsDeps } from './deps.ts';
import { paymentEvent } from './payment-event.ts';

/**
 * A subscription bill a charge pays (see billing/): the bill's recovery job stands for the charge's
 * own, and the bill's changes commit in the charge's transactions, so a renewal takes two.
 */
export interface ChargedBill {
  /** The change beginning the bill, committed with the reservation (null: begun before). */
  begin: SubscriptionChange | null;
  /** The change recording the bill's outcome, from the settled charge: committed with its settlement. */
  settle: BillSettlementOf;
  /** Told once the settlement committed the bill's change (a charge settled alone is not). */
  recorded?: () => void;
}

/** The change recording a bill's outcome from its settled charge (null: recorded apart). */
export type BillSettlementOf = (settled: Payment) => SubscriptionChange | null;

export interface SettleFrom {
  from: PaymentState;
  joinLists: boolean;
  /** The recovery job doing this (it claims the job). */
  job?: ScheduledJob;
  /** When this process reserved the payment, if it did. */
  reservedAt?: Date;
  /** The payment is a bill's charge: the bill's outcome is recorded with it. */
  bill?: Omit<ChargedBill, 'begin'>;
}

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
  const event = paymentEvent(ids, settled, now);
  const write = (billChange: SubscriptionChange | null) =>
    payments.settle(
      scope,
      settled,
      event,
      {
        from: from.from,
        joinLists: from.joinLists,
        leaseExpiresAt: leaseEndOf(settled),
        job: from.job,
        reservedAt: from.reservedAt,
        recoveryDueAt: paymentRecoveryDueAt(reserved),
        bill: from.bill ? { settle: billChange } : undefined,
      },
      now,
    );
  try {
    const billChange = from.bill ? from.bill.settle(settled) : null;
    await write(billChange);
    if (billChange) from.bill?.recorded?.();
  } catch (error) {
    // The subscription changed since the bill began (a cancel, a card change): that fails the
    // bill's part, never the charge's. The charge settles alone; its bill is recorded apart, from
    // the subscription read again (the billing flow's settleBillOf).
    if (!(from.bill && error instanceof Changed && error.resource === 'subscription')) throw error;
    await write(null);
  }
  return settled;
};
