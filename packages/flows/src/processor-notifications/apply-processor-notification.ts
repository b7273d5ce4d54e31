import {
  type Clock,
  cancellationAnswer,
  cancelledByReference,
  captureConfirmed,
  captureFailed,
  captureOutcomeOf,
  type Environment,
  type Ids,
  isUnresolved,
  type Payment,
  type PaymentAnswer,
  type ProcessorNotification,
  processorReferenceOf,
  type Refund,
  referencedBy,
  refundable,
  type Scope,
} from '@wattle/domain';
import type {
  CallDeadline,
  DisputesStore,
  Logger,
  PaymentsStore,
  ProcessorOf,
  RefundsStore,
  RetryPacing,
} from '@wattle/ports';
import { openChargeDispute } from '../disputes/open-dispute.ts';
import { paymentEvent } from '../payments/payment-event.ts';
import { settlementOfAnswer } from '../payments/settle-payment.ts';
import { refundOutcome } from '../refunds/settle-refund.ts';
import { retryOnChange } from '../shared/retry-on-change.ts';

export interface ApplyNotificationDeps {
  payments: PaymentsStore;
  processorOf: ProcessorOf;
  deadline: CallDeadline;
  refunds: Pick<RefundsStore, 'get' | 'settle'>;
  disputes: DisputesStore;
  logger: Logger;
  clock: Clock;
  ids: Ids;
  pacing: RetryPacing;
}

/**
 * What became of a notification: `applied` (a payment, refund or dispute changed), `unchanged`
 * (nothing left to do: applied before, by a resend or a notification that came first, or nothing
 * of ours follows from it), or `not_ours` (its reference is none we gave, or names no payment or
 * refund of ours).
 */
export type NotificationApplied = 'applied' | 'unchanged' | 'not_ours';

/**
 * Applies one verified notification of the processor (read by its port) to the payment, refund or
 * dispute it names by our reference (processorReferenceOf: the token, in the account it names, of
 * the environment whose processor sent it), from our own records (its amounts and references are never
 * trusted over ours). Each write is conditioned on the state it changes, so a resend, a duplicate
 * or one arriving after a later one applies once at most; a race with another writer is decided
 * again from a fresh read (retryOnChange).
 * - authorisation: resolves an unresolved payment (approved, or declined);
 * - capture: confirms a pending capture; capture_failed (or a capture unsuccessful): the charge
 *   fails and its proceeds are taken back;
 * - refund: settles a pending refund; refund_failed, refunded_reversed (or a refund unsuccessful):
 *   the refund fails, also after it succeeded, and its amount goes back to the charge and balance;
 * - chargeback, notification_of_chargeback: the charge's dispute opens (once), with its events;
 * - cancellation unsuccessful, of a payment failed because its unknown outcome was cancelled by our
 *   token: the payment stood at the processor (captured first), so it is refunded there in full,
 *   keyed by a token derived from the payment's (once, however often it is told);
 * - any other cancellation, chargeback_reversed and anything else: nothing (a void is Pin's at
 *   once, and a dispute moves through its own steps).
 */
export const applyProcessorNotification = async (
  deps: ApplyNotificationDeps,
  environment: Environment,
  notification: ProcessorNotification,
): Promise<NotificationApplied> => {
  const referenced = referencedBy(notification.reference);
  if (!referenced) return 'not_ours';
  const scope: Scope = { accountId: referenced.accountId, environment };
  return retryOnChange(deps.pacing, () => applyIn(deps, scope, referenced.token, notification));
};

const applyIn = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  token: string,
  notification: ProcessorNotification,
): Promise<NotificationApplied> => {
  switch (notification.kind) {
    case 'authorisation':
    case 'cancellation':
      return ofPayment(deps, scope, token, notification);
    case 'capture':
    case 'capture_failed':
      return captureOf(deps, scope, token, notification);
    case 'refund':
    case 'refund_failed':
    case 'refunded_reversed':
      return refundOf(deps, scope, token, notification);
    case 'chargeback':
    case 'notification_of_chargeback':
      return chargebackOf(deps, scope, token);
    default:
      return 'unchanged';
  }
};

/** A notification about the payment itself (its authorisation, a cancellation), applied to it as read. */
const ofPayment = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  token: string,
  notification: ProcessorNotification,
): Promise<NotificationApplied> => {
  const payment = await deps.payments.get(scope, token);
  if (!payment) return 'not_ours';
  return notification.kind === 'authorisation'
    ? authorisationOf(deps, scope, payment, notification)
    : cancellationOf(deps, scope, payment, notification);
};

/** The processor's reason, kept as it sent it. */
const rawOf = (notification: ProcessorNotification) => ({
  code: notification.event,
  reason: notification.reason ?? notification.event,
});

/**
 * An authorisation's outcome settles only an unresolved payment: any other was settled by its own
 * answer (or is being settled by the request or run in flight, with the same answer).
 */
const authorisationOf = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  payment: Payment,
  notification: ProcessorNotification,
): Promise<NotificationApplied> => {
  if (!isUnresolved(payment)) return 'unchanged';
  return settleUnresolved(
    deps,
    scope,
    payment,
    notification.success
      ? { outcome: 'approved', processorReference: notification.processorReference }
      : { outcome: 'declined', decline: notification.decline ?? 'card_declined', raw: rawOf(notification) },
  );
};

/** An unresolved payment settled by what a notification proves (its recovery job ended). */
const settleUnresolved = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  payment: Payment,
  answer: PaymentAnswer,
): Promise<NotificationApplied> => {
  const { changes, now } = settlementOfAnswer(deps, payment, answer, {});
  await deps.payments.commit(scope, changes, now);
  return 'applied';
};

/**
 * A cancellation's outcome. Of an unresolved payment, it is the cancel by our reference its
 * resolution asked for (which proved nothing until now): taken, nothing stands and the payment
 * fails (`gateway_error`); refused, the payment stood at the processor, and is approved as it
 * made it (captured at once, or authorised). Refused for a payment failed when such a cancel was
 * only taken (before this was awaited), the money goes back (cancellationFailed).
 */
const cancellationOf = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  payment: Payment,
  notification: ProcessorNotification,
): Promise<NotificationApplied> => {
  if (isUnresolved(payment)) {
    const stood = notification.paymentProcessorReference ?? notification.processorReference;
    if (!notification.success)
      deps.logger.warn('A cancel by our reference failed: the payment stood, and is approved', {
        payment: payment.token,
        processorReference: stood,
        reason: notification.reason,
      });
    return settleUnresolved(deps, scope, payment, cancellationAnswer(notification.success, stood));
  }
  if (
    !notification.success &&
    payment.state === 'failed' &&
    payment.processorOutcome?.code === cancelledByReference
  )
    return cancellationFailed(deps, scope, payment, notification);
  return 'unchanged';
};

/**
 * The charge a capture made: the payment itself, or the charge an authorisation's capture made
 * (null if none did); undefined when there is no such payment.
 */
const capturedChargeOf = async (
  { payments }: Pick<ApplyNotificationDeps, 'payments'>,
  scope: Scope,
  token: string,
): Promise<Payment | null | undefined> => {
  const payment = await payments.get(scope, token);
  if (!payment) return undefined;
  if (payment.kind !== 'authorisation') return payment;
  return payment.captureChargeToken ? payments.get(scope, payment.captureChargeToken) : null;
};

const captureOf = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  token: string,
  notification: ProcessorNotification,
): Promise<NotificationApplied> => {
  const charge = await capturedChargeOf(deps, scope, token);
  if (charge === undefined) return 'not_ours';
  if (charge?.state !== 'captured') return 'unchanged';
  const now = deps.clock.now();
  if (notification.kind === 'capture' && notification.success) {
    if (!charge.capturePending) return 'unchanged';
    await deps.payments.commit(
      scope,
      captureOutcomeOf({ before: charge, after: captureConfirmed(charge) }),
      now,
    );
    return 'applied';
  }
  // A disputed charge's money is the issuer's already: the dispute decides it.
  if (charge.dispute) return 'unchanged';
  const failed = captureFailed(charge, rawOf(notification));
  await deps.payments.commit(
    scope,
    captureOutcomeOf({ before: charge, after: failed, event: paymentEvent(deps.ids, failed, now) }),
    now,
  );
  return 'applied';
};

const refundOf = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  token: string,
  notification: ProcessorNotification,
): Promise<NotificationApplied> => {
  const refund = await deps.refunds.get(scope, token);
  if (!refund) return 'not_ours';
  const charge = await deps.payments.get(scope, refund.chargeToken);
  if (!charge || refund.state === 'failed') return 'unchanged';
  const succeeded = notification.kind === 'refund' && notification.success;
  if (succeeded && refund.state !== 'pending') return 'unchanged';
  const now = deps.clock.now();
  const outcome = succeeded
    ? ({ succeeded: true } as const)
    : ({ succeeded: false, reason: notification.reason ?? 'The refund failed at the processor' } as const);
  const from: Refund['state'] = refund.state;
  const { settled, event } = refundOutcome(deps.ids, refund, outcome, now);
  await deps.refunds.settle(scope, charge, settled, { event, from }, now);
  return 'applied';
};

const chargebackOf = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  token: string,
): Promise<NotificationApplied> => {
  const charge = await capturedChargeOf(deps, scope, token);
  if (charge === undefined) return 'not_ours';
  if (charge?.state !== 'captured' || charge.dispute || refundable(charge) === 0) return 'unchanged';
  await openChargeDispute(deps, scope, charge, { category: 'general' });
  return 'applied';
};

/**
 * A cancel by our token that failed: what the unknown outcome made stood (a capture=true payment
 * the processor captured first). Wattle answered it failed, so the money goes back: a full refund
 * at the processor, keyed by a token derived from the payment's, so it is made once.
 */
const cancellationFailed = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  payment: Payment,
  notification: ProcessorNotification,
): Promise<NotificationApplied> => {
  const refundToken = deps.ids.derived('rf', `${payment.token}#cancel-failed`);
  const answer = await deps.processorOf(scope).refund({
    refundToken,
    reference: processorReferenceOf(scope.accountId, refundToken),
    paymentToken: payment.token,
    processorReference:
      notification.paymentProcessorReference ?? payment.processorReference ?? notification.processorReference,
    amount: payment.amount,
    currency: payment.currency,
    deadline: deps.deadline(),
  });
  // Unknown or refused: the processor tells again (it resends until answered), and this asks again.
  if (answer.outcome === 'unknown' || answer.outcome === 'failed')
    throw new Error(
      `The refund of ${payment.token}, whose cancellation failed, was not taken: ${answer.outcome}`,
    );
  return 'applied';
};
