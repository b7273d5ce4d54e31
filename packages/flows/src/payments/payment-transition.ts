import {
  type CaptureTaken,
  claimOf,
  claimRefusal,
  claimReleaseOf,
  type Payment,
  type PaymentClaim,
  type PaymentKind,
  PinError,
  processorReferenceOf,
  type Scope,
  type SelfSettlement,
  transitionOf,
  transitionRefusal,
} from '@wattle/domain';
import { Changed, processorOfRecord, TransactionConflictError } from '@wattle/ports';
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

/** Why `claim` cannot go ahead on the payment as it stands: the state table's answer, or another claim's. */
const refusalOf = (payment: Payment, claim: PaymentClaim, now: Date, amount?: number) =>
  transitionRefusal(payment, claim.action, now, amount) ?? claimRefusal(payment, claim);

/** Refuses a void or capture the state table (or another void or capture in flight) does not allow. */
export const checkTransition = (payment: Payment, claim: PaymentClaim, now: Date, amount?: number): void => {
  const refusal = refusalOf(payment, claim, now, amount);
  if (refusal) throw transitionRefused(refusal, payment);
};

/**
 * Claims the payment for `claim` before the processor is asked (a conditional write: authorised
 * and unclaimed, or claimed by this same action). The loser of a race reads the winner's claim or
 * state and answers with the matching error, never having asked the processor.
 */
const claimPayment = async (
  { payments, clock }: Pick<PaymentsDeps, 'payments' | 'clock'>,
  scope: Scope,
  payment: Payment,
  claim: PaymentClaim,
): Promise<void> => {
  try {
    await payments.commit(scope, claimOf(payment, claim), clock.now());
  } catch (error) {
    if (!(error instanceof Changed)) throw error;
    const current = (await payments.get(scope, payment.token)) ?? payment;
    const refusal = refusalOf(current, claim, clock.now());
    // Authorised and free again as read (a refused claim given back in between): ask again.
    if (!refusal) throw new TransactionConflictError({ cause: error });
    throw transitionRefused(refusal, current);
  }
};

/** How the processor took a capture or void, and how it ends it itself when it sends no notification. */
export interface ProcessorTaking {
  taken: CaptureTaken;
  settlement?: SelfSettlement | undefined;
}

/**
 * Asks the processor to capture or void a claimed payment, keyed by its token (the same request
 * sent again is carried out once) and bounded by the deadline. Answers how it was taken (at once,
 * or pending: the processor tells the outcome by notification, or gives its own settlement, which
 * commitTransition schedules); a refusal gives the claim back and
 * is the payment's processing_error, with nothing moved; an unknown answer keeps the claim and is
 * a 503 to retry, which is safe: the retry claims with the same action and carries the same key.
 */
const askProcessor = async (
  {
    payments,
    processorOf,
    deadline,
    clock,
  }: Pick<PaymentsDeps, 'payments' | 'processorOf' | 'deadline' | 'clock'>,
  scope: Scope,
  payment: Payment,
  claim: PaymentClaim,
): Promise<ProcessorTaking> => {
  const processor = processorOfRecord(processorOf, scope.environment, payment);
  const call = {
    paymentToken: payment.token,
    reference: processorReferenceOf(scope.accountId, payment.token),
    // Payments recorded before the processor's reference was kept are known by our token.
    processorReference: payment.processorReference ?? payment.token,
    deadline: deadline(),
  };
  const answer =
    claim.action === 'void'
      ? await processor.void(call)
      : await processor.capture({ ...call, amount: claim.amount, currency: payment.currency });
  switch (answer.outcome) {
    case 'succeeded':
      return { taken: 'succeeded' };
    case 'pending':
      return { taken: 'pending', settlement: answer.settlement };
    case 'failed':
      await payments.commit(scope, claimReleaseOf(payment, claim), clock.now()).catch((error: unknown) => {
        // Not this claim's any more: the processor's notification settled it meanwhile.
        if (!(error instanceof Changed)) throw error;
      });
      throw transitionRefused('processing_error', payment);
    case 'unknown':
      throw new PinError('service_unavailable');
  }
};

/**
 * Commits a void or capture (transitionOf) while its claim holds the payment, which uses up the
 * authorisation's lease: `decide` makes the payment's new state (and, capturing an authorisation,
 * the charge it makes) at the commit's time; the event is the charge's, or the payment's. When the
 * store answers Changed (the lease expired, or the processor's notification settled it first),
 * the current state answers with the matching error. Answers with the charge, or the payment.
 */
const commitTransition = async (
  { payments, ids, clock }: Pick<PaymentsDeps, 'payments' | 'ids' | 'clock'>,
  scope: Scope,
  payment: Payment,
  claim: PaymentClaim,
  decide: (now: Date) => { after: Payment; charge?: Payment },
  settlement?: SelfSettlement,
): Promise<Payment> => {
  try {
    const now = clock.now();
    const { after, charge } = decide(now);
    const event = paymentEvent(ids, charge ?? after, now);
    await payments.commit(scope, transitionOf({ claim, after, charge, event, now, settlement }), now);
    return charge ?? after;
  } catch (error) {
    if (!(error instanceof Changed)) throw error;
    const current = (await payments.get(scope, payment.token)) ?? payment;
    // Still authorised and claimed as read: only its lease can have gone, and a lease goes when it expires.
    throw transitionRefused(
      transitionRefusal(current, claim.action, clock.now()) ?? 'authorisation_expired',
      current,
    );
  }
};

/**
 * A void or capture of an authorised payment: the payment claimed for it first (the loser of a
 * race never reaches the processor), the processor asked, then the new state committed while the
 * claim holds (`decide`, given how the processor took it).
 */
export const transition = async (
  deps: TransitionDeps,
  scope: Scope,
  payment: Payment,
  claim: PaymentClaim,
  decide: (now: Date, taken: CaptureTaken) => { after: Payment; charge?: Payment },
): Promise<Payment> => {
  await claimPayment(deps, scope, payment, claim);
  const { taken, settlement } = await askProcessor(deps, scope, payment, claim);
  return commitTransition(deps, scope, payment, claim, (now) => decide(now, taken), settlement);
};
