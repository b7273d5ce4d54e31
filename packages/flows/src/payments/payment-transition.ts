import {
  type CaptureTaken,
  type Payment,
  type PaymentKind,
  PinError,
  processorReferenceOf,
  type Scope,
  type SelfSettlement,
  transitionOf,
  transitionRefusal,
} from '@wattle/domain';
import { Changed } from '@wattle/ports';
import type { PaymentsDeps } from './deps.ts';
import { transitionRefused } from './payment-errors.ts';
import { paymentEvent } from './payment-event.ts';

export type TransitionDeps = Pick<PaymentsDeps, 'payments' | 'processorOf' | 'deadline' | 'ids' | 'clock'>;

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

/** How the processor took a capture or void, and how it ends it itself when it sends no notification. */
export interface ProcessorTaking {
  taken: CaptureTaken;
  settlement?: SelfSettlement | undefined;
}

/**
 * Asks the processor to capture or void an authorised payment, keyed by its token (the same
 * request sent again is carried out once) and bounded by the deadline. Answers how it was taken
 * (at once, or pending: the processor tells the outcome by notification, or gives its own
 * settlement, which commitTransition schedules); a refusal is the payment's processing_error, with
 * nothing moved; an unknown answer is a 503 to retry, which is safe: the retry carries the same key.
 */
export const askProcessor = async (
  { processorOf, deadline }: Pick<PaymentsDeps, 'processorOf' | 'deadline'>,
  scope: Scope,
  payment: Payment,
  action: { kind: 'void' } | { kind: 'capture'; amount: number },
): Promise<ProcessorTaking> => {
  const processor = processorOf(scope);
  const call = {
    paymentToken: payment.token,
    reference: processorReferenceOf(scope.accountId, payment.token),
    // Payments recorded before the processor's reference was kept are known by our token.
    processorReference: payment.processorReference ?? payment.token,
    deadline: deadline(),
  };
  const answer =
    action.kind === 'void'
      ? await processor.void(call)
      : await processor.capture({ ...call, amount: action.amount, currency: payment.currency });
  switch (answer.outcome) {
    case 'succeeded':
      return { taken: 'succeeded' };
    case 'pending':
      return { taken: 'pending', settlement: answer.settlement };
    case 'failed':
      throw transitionRefused('processing_error', payment);
    case 'unknown':
      throw new PinError('service_unavailable');
  }
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
 * Commits a void or capture (transitionOf), which uses up the authorisation's lease: `decide`
 * makes the payment's new state (and, capturing an authorisation, the charge it makes) at the
 * commit's time; the event is the charge's, or the payment's. The loser of a race (the store
 * answers Changed: another void or capture came first, or the lease expired) reads the winner's
 * state and answers with the matching error. Answers with the charge, or the payment.
 */
export const commitTransition = async (
  { payments, ids, clock }: Pick<PaymentsDeps, 'payments' | 'ids' | 'clock'>,
  scope: Scope,
  payment: Payment,
  action: 'void' | 'capture',
  decide: (now: Date) => { after: Payment; charge?: Payment },
  settlement?: SelfSettlement,
): Promise<Payment> => {
  try {
    const now = clock.now();
    const { after, charge } = decide(now);
    const event = paymentEvent(ids, charge ?? after, now);
    await payments.commit(scope, transitionOf({ after, charge, event, now, settlement }), now);
    return charge ?? after;
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
