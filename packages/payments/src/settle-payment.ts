import {
  type AuthoriseOutcome,
  authorisationLifetimeSeconds,
  defaultPricing,
  type Payment,
  type PaymentState,
  type Scope,
  totalFees,
} from '@wattle/domain';
import type { ScheduledJob } from '@wattle/ports';
import type { RuntimeDeps } from '@wattle/runtime';
import { paymentEvent } from './payment-events.ts';

/** The payment after the processor answered: failed, authorised, or captured at once. */
export const withOutcome = (payment: Payment, outcome: AuthoriseOutcome): Payment => {
  if (!outcome.approved) return { ...payment, state: 'failed', decline: outcome.decline, totalFees: null };
  const fees = totalFees(defaultPricing, payment.card, payment.amount, payment.currency);
  // A charge captured as it is made shows captured_at = created_at, as Pin's do.
  if (payment.captureOnSuccess)
    return { ...payment, state: 'captured', capturedAt: payment.createdAt, totalFees: fees };
  const expiresAt = new Date(Date.parse(payment.createdAt) + authorisationLifetimeSeconds * 1000);
  return { ...payment, state: 'authorised', expiresAt: expiresAt.toISOString(), totalFees: fees };
};

export interface SettleFrom {
  from: PaymentState;
  joinLists: boolean;
  job?: ScheduledJob;
  /** The list sort key of the reservation, when this process made it. */
  listSortKey?: string;
}

/**
 * Asks the processor (idempotent by the payment's token), captures at once when asked to, and
 * writes the outcome with its event. Used on creation, by the recovery job and after 3-D Secure.
 */
export const settleWithProcessor = async (
  deps: RuntimeDeps,
  scope: Scope,
  reserved: Payment,
  cardNumber: string,
  from: SettleFrom,
): Promise<Payment> => {
  const { processor, store, ids, clock } = deps;
  const outcome = await processor.authorise({
    reference: reserved.token,
    card: reserved.card,
    cardNumber,
    amount: reserved.amount,
    currency: reserved.currency,
  });
  if (outcome.approved && reserved.captureOnSuccess) await processor.capture(reserved.token, reserved.amount);
  const now = clock.now();
  const settled = withOutcome(reserved, outcome);
  await store.payments.settle(
    scope,
    settled,
    paymentEvent(ids, settled, now),
    {
      from: from.from,
      joinLists: from.joinLists,
      leaseExpiresAt:
        settled.state === 'authorised' && settled.expiresAt ? new Date(settled.expiresAt) : null,
      job: from.job,
      listSortKey: from.listSortKey,
    },
    now,
  );
  return settled;
};
