import {
  type AuthorisationOutcome,
  failoverChangesOf,
  failoverOf,
  initiationOf,
  isUnresolved,
  type Payment,
  type PaymentAnswer,
  type ProcessorCard,
  type ProcessorThreeDSecure,
  processorReferenceOf,
  type RecoveryEnd,
  type Scope,
  settledWith,
  settlementOf,
  unresolvedOf,
  withAttemptOutcome,
  withResolutionRetry,
} from '@wattle/domain';
import { Changed, type PaymentWrite, processorOfRecord, type ScheduledJob } from '@wattle/ports';
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

/**
 * A payment the processor answered for: settled (or, its answer unknown, unresolved: still
 * `processing`), with the changes that write it, not yet committed.
 */
export interface ProcessorSettlement {
  settled: Payment;
  changes: PaymentWrite[];
  /** When the settlement was decided: the time to commit it at. */
  now: Date;
}

export type ProcessorDeps = Pick<PaymentsDeps, 'processorOf' | 'deadline' | 'ids' | 'clock'>;

/** What an authorisation on a payment's route needs: a failover is written before the next account is asked. */
export type RoutedDeps = ProcessorDeps & Pick<PaymentsDeps, 'payments' | 'logger'>;

/** How the settlement ends the payment's recovery job (see RecoveryEnd). */
export const recoveryEndOf = ({ job, billed }: Pick<SettleHow, 'job' | 'billed'>): RecoveryEnd =>
  job ? { by: 'run', dueAt: job.dueAt } : billed ? { by: 'bill' } : { by: 'own' };

/**
 * The card a reserved payment kept sealed, for the processor: its number, and the CVC sent for it
 * (none when it was sent none: a customer's stored card; or reserved before CVCs were kept).
 * Settling drops both: when they are gone because another request or run settled the payment
 * since `payment` was read, that is the race settling would have reported (Changed); gone from a
 * payment still as read, they are lost.
 */
export const reservedCard = async (
  { payments, cardTokens }: Pick<PaymentsDeps, 'payments' | 'cardTokens'>,
  scope: Scope,
  payment: Payment,
): Promise<ProcessorCard> => {
  const sealed = await payments.sealedSecretsOf(scope, payment.token);
  if (!sealed) {
    const now = await payments.get(scope, payment.token);
    if (now && now.state !== payment.state) throw new Changed('payment', payment.token);
    throw new Error(`Payment ${payment.token} has lost its sealed number`);
  }
  return cardTokens.open(scope, { card: payment.card, ...sealed });
};

/** The 3-D Secure the processor is told of: the merchant's own authentication, passed through. */
const threeDSecureOf = (payment: Payment): ProcessorThreeDSecure =>
  payment.threeDSecurePassThrough
    ? { mode: 'pass_through', values: payment.threeDSecurePassThrough }
    : { mode: 'none' };

/**
 * The settlement of the processor's answer (settledWith): an outcome, with its changes
 * (settlementOf) and its event; or, unknown, the payment unresolved (unresolvedOf), its recovery
 * job left to resolve it.
 */
export const settlementOfAnswer = (
  { ids, clock }: Pick<PaymentsDeps, 'ids' | 'clock'>,
  reserved: Payment,
  answer: PaymentAnswer,
  how: SettleHow,
): ProcessorSettlement => {
  const now = clock.now();
  const recovery = recoveryEndOf(how);
  const settled = settledWith(reserved, answer, now);
  if (isUnresolved(settled)) {
    const after = recovery.by === 'run' ? withResolutionRetry(settled, now) : settled;
    const changes = unresolvedOf({ before: reserved, after, recovery, reservedAt: how.reservedAt });
    return { settled: after, changes, now };
  }
  const changes = settlementOf({
    before: reserved,
    after: settled,
    event: paymentEvent(ids, settled, now),
    recovery,
    reservedAt: how.reservedAt,
    now,
  });
  return { settled, changes, now };
};

/**
 * Asks the processor to authorise (captured at once when asked to), keyed by the payment's token
 * and bounded by the invocation's deadline, and decides the settlement (answerOf). Nothing is
 * written: the caller commits the changes, with its own (a bill's) if it has any.
 */
export const settlementWithProcessor = async (
  deps: RoutedDeps,
  scope: Scope,
  reserved: Payment,
  card: ProcessorCard,
  how: SettleHow,
): Promise<ProcessorSettlement> => {
  const { payment, answer } = await authoriseOnRoute(deps, scope, reserved, card, threeDSecureOf(reserved));
  return settlementOfAnswer(deps, payment, answerOf(answer), how);
};

/**
 * Authorises on the payment's current account (authorise) and, while that account answers
 * `not_processed` (it did nothing, or was never reached) and the payment's route has another,
 * moves it to the next account (failoverOf), written before that account is asked, so a retry
 * with the same Idempotency-Key, a recovery or a notification finds it there, and asks again.
 * Never after a decline, an approval or an unknown outcome (the payment may exist where it was
 * asked). Answers the payment with its last attempt's outcome (not yet written) and that answer.
 * Throws Changed when another request or run moved or settled the payment first: that one goes on.
 */
export const authoriseOnRoute = async (
  deps: RoutedDeps,
  scope: Scope,
  reserved: Payment,
  card: ProcessorCard,
  threeDSecure: ProcessorThreeDSecure,
): Promise<{ payment: Payment; answer: AuthorisationOutcome }> => {
  let payment = reserved;
  for (;;) {
    const answer = await authorise(deps, scope, payment, card, threeDSecure);
    const now = deps.clock.now();
    const next = failoverOf(payment, answer, now);
    const attempt = { payment: payment.token, account: payment.processorAccount, outcome: answer.outcome };
    if (!next) {
      if (payment.attempts) deps.logger.info('Authorisation attempt', attempt);
      return { payment: withAttemptOutcome(payment, answer.outcome, now), answer };
    }
    deps.logger.warn('Authorisation attempt did nothing: failing over to the next account', {
      ...attempt,
      reason: answer.outcome === 'not_processed' ? answer.raw.code : undefined,
      next: next.processorAccount,
    });
    await deps.payments.commit(scope, failoverChangesOf(payment, next), now);
    payment = next;
  }
};

/**
 * The processor's authorisation of a reserved payment with its card (its CVC when it has one),
 * told what the payment is (initiationOf), keyed by the payment's token, bounded by the
 * invocation's deadline; 3-D Secure as `threeDSecure` says.
 */
export const authorise = (
  { processorOf, deadline }: Pick<PaymentsDeps, 'processorOf' | 'deadline'>,
  scope: Scope,
  reserved: Payment,
  card: ProcessorCard,
  threeDSecure: ProcessorThreeDSecure,
): Promise<AuthorisationOutcome> =>
  processorOfRecord(processorOf, scope.environment, reserved).authorise({
    paymentToken: reserved.token,
    reference: processorReferenceOf(scope.accountId, reserved.token),
    amount: reserved.amount,
    currency: reserved.currency,
    card,
    initiation: initiationOf(reserved),
    capture: reserved.captureOnSuccess,
    threeDSecure,
    returnUrl: threeDSecure.mode === 'redirect' ? threeDSecure.returnUrl : '',
    email: reserved.email,
    ipAddress: reserved.ipAddress,
    deadline: deadline(),
  });

/**
 * An authorisation's answer as the payment takes it: 3-D Secure the processor asks for where the
 * payer cannot be sent to it (the merchant did not ask for 3-D Secure, or it was asked already)
 * is a decline: a Pin client that did not ask for 3-D Secure has no page to send its payer to.
 */
export const answerOf = (answer: AuthorisationOutcome): PaymentAnswer =>
  answer.outcome === 'action_required'
    ? {
        outcome: 'declined',
        decline: 'card_declined',
        raw: { code: 'authentication_required', reason: 'The processor asked for 3-D Secure' },
        ...(answer.processorReference ? { processorReference: answer.processorReference } : {}),
      }
    : answer;

/**
 * Resolves an unresolved payment through the processor, by our token alone (looked up, or
 * cancelled): never authorised again. Nothing is written (see settlementWithProcessor).
 */
export const resolutionWithProcessor = async (
  deps: ProcessorDeps,
  scope: Scope,
  unresolved: Payment,
  how: SettleHow,
): Promise<ProcessorSettlement> => {
  const answer = await processorOfRecord(deps.processorOf, scope.environment, unresolved).resolve({
    paymentToken: unresolved.token,
    reference: processorReferenceOf(scope.accountId, unresolved.token),
    deadline: deps.deadline(),
  });
  return settlementOfAnswer(deps, unresolved, answer, how);
};

/**
 * The settlement of a payment left `processing`: an unresolved one is resolved; one a crash left
 * before its answer is asked again with its card (the same token: the processor makes it once),
 * and the CVC its reservation still holds (none when it was reserved before CVCs were kept: it
 * goes without).
 */
export const settlementOfProcessing = async (
  deps: RoutedDeps & Pick<PaymentsDeps, 'cardTokens'>,
  scope: Scope,
  payment: Payment,
  how: SettleHow,
): Promise<ProcessorSettlement> => {
  if (isUnresolved(payment)) return resolutionWithProcessor(deps, scope, payment, how);
  const card = await reservedCard(deps, scope, payment);
  return settlementWithProcessor(deps, scope, payment, card, how);
};

/**
 * Asks the processor and writes the outcome (settlementWithProcessor). Used on creation and after
 * 3-D Secure. Throws Changed when another request or run settled the payment first.
 */
export const settleWithProcessor = async (
  deps: RoutedDeps,
  scope: Scope,
  reserved: Payment,
  card: ProcessorCard,
  how: SettleHow,
): Promise<Payment> => {
  const { settled, changes, now } = await settlementWithProcessor(deps, scope, reserved, card, how);
  await deps.payments.commit(scope, changes, now);
  return settled;
};
