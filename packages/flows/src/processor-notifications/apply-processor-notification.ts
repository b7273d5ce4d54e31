import {
  authorisationCapture,
  type Clock,
  cancellationAnswer,
  cancelledByReference,
  captureConfirmed,
  capturedCharge,
  captureFailed,
  captureOutcomeOf,
  claimReleaseOf,
  type Environment,
  type Ids,
  isExpiredAuthorisation,
  isUnresolved,
  type Payment,
  type PaymentAnswer,
  type ProcessorNotification,
  processorReferenceOf,
  type Refund,
  referencedBy,
  refundable,
  type Scope,
  stoodPaymentRefund,
  toldCaptureAmount,
  toldTransitionOf,
  voidedPayment,
  voidRefused,
} from '@wattle/domain';
import {
  type CallDeadline,
  Changed,
  type DisputesStore,
  type Logger,
  type PaymentsStore,
  type ProcessorOf,
  processorOfRecord,
  type RefundsStore,
  type RetryPacing,
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
  refunds: Pick<RefundsStore, 'get' | 'settle' | 'recordOfStoodPayment'>;
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
 * Every notification is applied as the money says, also where it contradicts what Wattle believed;
 * one naming another payment's processor reference than ours is not (paymentNamed), and is logged.
 * - authorisation: resolves an unresolved payment (approved, or declined);
 * - capture: of an authorised payment (a capture whose answer was lost, or one Wattle never asked
 *   for) or a voided one (the processor captured first and refused the void), captures it as the
 *   processor made it; of a captured charge, confirms a pending capture; capture_failed (or a
 *   capture unsuccessful): a captured charge fails and its proceeds are taken back, an authorised
 *   payment's capture claim is given back;
 * - cancellation: of an unresolved payment, settles the cancel by our reference its resolution
 *   asked for (carried out: failed, nothing taken; refused: the payment stood, approved); of an
 *   authorised payment, voids it (or, refused, gives a void's claim back); refused for a payment
 *   Wattle voided, it is authorised again; carried out for a captured charge (a cancel by our
 *   reference that came before its capture, settled approved since), it fails, nothing taken;
 *   refused for a payment failed when a cancel by reference was only taken (an earlier version),
 *   its money is refunded at the processor in full, keyed by a token derived from the payment's
 *   and recorded as a refund of its own;
 * - refund: settles a pending refund; refund_failed, refunded_reversed (or a refund unsuccessful):
 *   the refund fails, also after it succeeded, and its amount goes back to the charge and balance
 *   (not for a stood payment's refund, whose money the merchant never had: logged);
 * - chargeback, notification_of_chargeback: the charge's dispute opens (once), with its events;
 * - chargeback_reversed and anything else: nothing (a dispute moves through its own steps).
 * What Wattle did not do itself, or did otherwise, is logged at WARN for an operator.
 *
 * `account` is the processor account whose delivery it came in, verified by that account's keys:
 * it changes only what that account processed (a payment's recorded account, or the live default
 * for one recorded before accounts); another account's payment, or its refund, is not ours to
 * change (logged). Absent for a settlement of Wattle's own (the simulator's, applied by a job).
 */
export const applyProcessorNotification = async (
  deps: ApplyNotificationDeps,
  environment: Environment,
  notification: ProcessorNotification,
  account?: string,
): Promise<NotificationApplied> => {
  const referenced = referencedBy(notification.reference);
  if (!referenced) return 'not_ours';
  const scope: Scope = { accountId: referenced.accountId, environment };
  return retryOnChange(deps.pacing, () => applyIn(deps, scope, referenced.token, notification, account));
};

const applyIn = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  token: string,
  notification: ProcessorNotification,
  account: string | undefined,
): Promise<NotificationApplied> => {
  switch (notification.kind) {
    case 'refund':
    case 'refund_failed':
    case 'refunded_reversed':
      return refundOf(deps, scope, token, notification, account);
    case 'chargeback_reversed':
    case 'other':
      return 'unchanged';
  }
  const payment = await paymentNamed(deps, scope, token, notification, account);
  if (!payment) return 'not_ours';
  switch (notification.kind) {
    case 'authorisation':
      return authorisationOf(deps, scope, payment, notification);
    case 'cancellation':
      return cancellationOf(deps, scope, payment, notification);
    case 'capture':
    case 'capture_failed':
      return captureOf(deps, scope, payment, notification);
    case 'chargeback':
    case 'notification_of_chargeback':
      return chargebackOf(deps, scope, payment);
  }
};

/**
 * A WARN line for an operator: what a notification did (or why it was not applied) to a payment
 * of ours, naming the notification and the payment.
 */
const warnAbout = (
  { logger }: Pick<ApplyNotificationDeps, 'logger'>,
  message: string,
  notification: ProcessorNotification,
  payment: Payment,
  details: Record<string, unknown>,
): void =>
  logger.warn(message, { id: notification.id, kind: notification.kind, payment: payment.token, ...details });

/**
 * The payment a notification is about (named by our reference, or a refund's charge), if it is the
 * one the processor means: one of another processor account than the delivery's (`account`) is
 * not (another account's keys, or a reference sent to the wrong account), and a notification
 * naming the payment's processor reference (`paymentProcessorReference`, Adyen's
 * originalReference) other than the one the payment recorded is about another payment at the
 * processor: neither is applied to this one (logged, for an operator to look into).
 */
const paymentNamed = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  token: string,
  notification: ProcessorNotification,
  account: string | undefined,
): Promise<Payment | null> => {
  const payment = await deps.payments.get(scope, token);
  if (payment && account !== undefined) {
    const its = payment.processorAccount ?? deps.processorOf({ environment: scope.environment }).account;
    if (its !== account) {
      warnAbout(
        deps,
        "A processor notification from another account than the payment's: not applied",
        notification,
        payment,
        {
          account,
          paymentAccount: its,
        },
      );
      return null;
    }
  }
  const named = notification.paymentProcessorReference;
  if (!payment || !named || !payment.processorReference || named === payment.processorReference)
    return payment;
  warnAbout(
    deps,
    "A processor notification names another payment's processor reference: not applied",
    notification,
    payment,
    {
      processorReference: payment.processorReference,
      paymentProcessorReference: named,
    },
  );
  return null;
};

/**
 * A transition the processor tells of (toldTransitionOf), with the event of its new state (the
 * charge's, capturing an authorisation) and a WARN line naming it, for an operator: each is a
 * change Wattle did not make itself, or made otherwise.
 */
const toldTransition = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  before: Payment,
  decide: (now: Date) => { after: Payment; charge?: Payment },
  notification: ProcessorNotification,
  message: string,
): Promise<NotificationApplied> => {
  const now = deps.clock.now();
  const { after, charge } = decide(now);
  const event = paymentEvent(deps.ids, charge ?? after, now);
  await deps.payments.commit(scope, toldTransitionOf({ before, after, charge, event, now }), now);
  warnAbout(deps, message, notification, before, {
    was: before.state,
    now: after.state,
    ...(charge ? { charge: charge.token } : {}),
  });
  return 'applied';
};

/** A claim whose void or capture the processor refused, given back: the payment stays authorised. */
const claimRefused = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  payment: Payment,
  notification: ProcessorNotification,
): Promise<NotificationApplied> => {
  if (!payment.claim) return 'unchanged';
  await deps.payments.commit(scope, claimReleaseOf(payment, payment.claim), deps.clock.now());
  warnAbout(
    deps,
    'The processor refused a void or capture whose answer was lost: the payment stays authorised',
    notification,
    payment,
    { claim: payment.claim.action, reason: notification.reason },
  );
  return 'applied';
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
 * only taken (before this was awaited), the money goes back (cancellationFailed). Of an authorised
 * payment: carried out, it is voided (a void whose answer was lost, or one Wattle never asked
 * for); refused, a void's claim is given back. Refused for a payment Wattle voided: the payment
 * stood, authorised again (unless it has expired: nothing is held any more). Carried out for a
 * captured charge, the cancel came before any capture (a captured payment cannot be cancelled):
 * the charge fails and its proceeds are taken back.
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
      warnAbout(
        deps,
        'A cancel by our reference failed: the payment stood, and is approved',
        notification,
        payment,
        {
          processorReference: stood,
          reason: notification.reason,
        },
      );
    return settleUnresolved(deps, scope, payment, cancellationAnswer(notification.success, stood));
  }
  if (
    !notification.success &&
    payment.state === 'failed' &&
    payment.processorOutcome?.code === cancelledByReference
  )
    return cancellationFailed(deps, scope, payment, notification);
  if (payment.state === 'authorised') {
    if (!notification.success)
      return payment.claim?.action === 'void'
        ? claimRefused(deps, scope, payment, notification)
        : 'unchanged';
    return toldTransition(
      deps,
      scope,
      payment,
      (now) => ({ after: voidedPayment(payment, now) }),
      notification,
      payment.claim?.action === 'void'
        ? 'The processor carried out a void whose answer was lost: voided'
        : 'The processor cancelled an authorised payment Wattle did not void: voided',
    );
  }
  // A captured charge cannot be cancelled: carried out, the cancel (by our reference, asked while
  // its outcome was unknown and settled approved since) came before any capture. Nothing was taken.
  if (payment.state === 'captured' && payment.kind === 'charge' && notification.success) {
    warnAbout(
      deps,
      'The processor cancelled a charge before capturing it: failed, its proceeds taken back',
      notification,
      payment,
      {},
    );
    return captureUndone(deps, scope, payment, notification);
  }
  // A void the processor refused: the funds are still held, until the authorisation expires.
  if (payment.state === 'voided' && !notification.success) {
    const stood = voidRefused(payment);
    if (isExpiredAuthorisation(stood, deps.clock.now())) return 'unchanged';
    return toldTransition(
      deps,
      scope,
      payment,
      () => ({ after: stood }),
      notification,
      'The processor refused a void: the payment stood, authorised again',
    );
  }
  return 'unchanged';
};

/**
 * The charge a capture made: the payment itself, or the charge an authorisation's capture made
 * (null if none did).
 */
const capturedChargeOf = async (
  { payments }: Pick<ApplyNotificationDeps, 'payments'>,
  scope: Scope,
  payment: Payment,
): Promise<Payment | null> => {
  if (payment.kind !== 'authorisation') return payment;
  return payment.captureChargeToken ? payments.get(scope, payment.captureChargeToken) : null;
};

/**
 * A capture's outcome. Of an authorised payment, or one Wattle voided: a capture the processor
 * made is applied as it made it (capturedAtProcessor); a refused one gives a capture's claim back.
 * Of a captured charge: a pending capture is confirmed, or failed (its proceeds taken back).
 */
const captureOf = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  payment: Payment,
  notification: ProcessorNotification,
): Promise<NotificationApplied> => {
  const succeeded = notification.kind === 'capture' && notification.success;
  if (payment.state === 'authorised' || (payment.state === 'voided' && succeeded))
    return succeeded
      ? capturedAtProcessor(deps, scope, payment, notification)
      : payment.claim?.action === 'capture'
        ? claimRefused(deps, scope, payment, notification)
        : 'unchanged';
  const charge = await capturedChargeOf(deps, scope, payment);
  if (charge?.state !== 'captured') return 'unchanged';
  const now = deps.clock.now();
  if (succeeded) {
    if (!charge.capturePending) return 'unchanged';
    await deps.payments.commit(
      scope,
      captureOutcomeOf({ before: charge, after: captureConfirmed(charge) }),
      now,
    );
    return 'applied';
  }
  return captureUndone(deps, scope, charge, notification);
};

/**
 * A captured charge whose money the processor did not take after all (its capture failed, or the
 * payment was cancelled before it was captured): failed, its proceeds taken back, with its event.
 * A disputed charge's money is the issuer's already: the dispute decides it.
 */
const captureUndone = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  charge: Payment,
  notification: ProcessorNotification,
): Promise<NotificationApplied> => {
  if (charge.dispute) return 'unchanged';
  const now = deps.clock.now();
  const failed = captureFailed(charge, rawOf(notification));
  await deps.payments.commit(
    scope,
    captureOutcomeOf({ before: charge, after: failed, event: paymentEvent(deps.ids, failed, now) }),
    now,
  );
  return 'applied';
};

/**
 * A capture the processor made of a payment Wattle holds authorised (a capture whose answer was
 * lost, or one Wattle never asked for) or voided (the processor captured first and refused the
 * void). The money was taken, so the payment is captured as the processor made it and the
 * merchant credited, as any capture: an authorisation's charge is made (its token derived from
 * the authorisation's, so a racing resend makes none twice). The merchant, who voided, can
 * refund it (decision 0195). The amount is the claim's, or the one the processor names if it
 * fits the payment (toldCaptureAmount); nothing of ours saying how much, it is left, and logged.
 */
const capturedAtProcessor = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  payment: Payment,
  notification: ProcessorNotification,
): Promise<NotificationApplied> => {
  const amount = toldCaptureAmount(payment, notification.amount);
  if (amount === null) {
    warnAbout(
      deps,
      'The processor captured a payment for an amount that does not fit it: not applied',
      notification,
      payment,
      {
        amount: notification.amount.amount,
        currency: notification.amount.currency,
      },
    );
    return 'unchanged';
  }
  const base: Payment = { ...payment, voidedAt: null };
  return toldTransition(
    deps,
    scope,
    payment,
    (now) => {
      if (payment.kind === 'charge') return { after: capturedCharge(base, now) };
      const chargeToken = deps.ids.derived('ch', `${payment.token}#captured-by-processor`);
      const capture = authorisationCapture(base, amount, chargeToken, now);
      return { after: capture.authorisation, charge: capture.charge };
    },
    notification,
    payment.state === 'voided'
      ? 'The processor captured a payment Wattle voided (it refused the void): captured, the merchant credited'
      : payment.claim?.action === 'capture'
        ? 'The processor carried out a capture whose answer was lost: captured'
        : 'The processor captured an authorised payment Wattle did not capture: captured, the merchant credited',
  );
};

const refundOf = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  token: string,
  notification: ProcessorNotification,
  account: string | undefined,
): Promise<NotificationApplied> => {
  const refund = await deps.refunds.get(scope, token);
  if (!refund) return 'not_ours';
  const charge = await paymentNamed(deps, scope, refund.chargeToken, notification, account);
  if (!charge) return 'not_ours';
  if (refund.state === 'failed') return 'unchanged';
  const succeeded = notification.kind === 'refund' && notification.success;
  if (succeeded && refund.state !== 'pending') return 'unchanged';
  const now = deps.clock.now();
  const outcome = succeeded
    ? ({ succeeded: true } as const)
    : ({ succeeded: false, reason: notification.reason ?? 'The refund failed at the processor' } as const);
  const from: Refund['state'] = refund.state;
  const { settled, event } = refundOutcome(deps.ids, refund, outcome, now);
  if (!refund.ofStoodPayment) {
    await deps.refunds.settle(scope, charge, settled, { event, from }, now);
    return 'applied';
  }
  // Wattle's own refund of money the merchant never had: no event of the merchant's, and a
  // failure is the operator's to act on (the cardholder's money is still taken).
  await deps.refunds.settle(scope, charge, settled, { from }, now);
  const details = { refund: refund.token, amount: refund.amount, currency: refund.currency };
  if (succeeded)
    deps.logger.info('The refund of a stood payment succeeded', { payment: charge.token, ...details });
  else
    warnAbout(
      deps,
      "The refund of a stood payment failed: the cardholder's money is still taken; refund it at the processor",
      notification,
      charge,
      { ...details, reason: settled.errorMessage },
    );
  return 'applied';
};

const chargebackOf = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  payment: Payment,
): Promise<NotificationApplied> => {
  const charge = await capturedChargeOf(deps, scope, payment);
  if (charge?.state !== 'captured' || charge.dispute || refundable(charge) === 0) return 'unchanged';
  await openChargeDispute(deps, scope, charge, { category: 'general' });
  return 'applied';
};

/**
 * A cancel by our token that failed: what the unknown outcome made stood (a capture=true payment
 * the processor captured first). Wattle answered it failed, so the money goes back: a full refund
 * at the processor, keyed by a token derived from the payment's, so it is made once, and recorded
 * first as a refund of its own (Refund.ofStoodPayment), which its notifications settle.
 */
const cancellationFailed = async (
  deps: ApplyNotificationDeps,
  scope: Scope,
  payment: Payment,
  notification: ProcessorNotification,
): Promise<NotificationApplied> => {
  const refundToken = deps.ids.derived('rf', `${payment.token}#cancel-failed`);
  const now = deps.clock.now();
  const refund = stoodPaymentRefund(payment, refundToken, now);
  await deps.refunds.recordOfStoodPayment(scope, refund, now);
  warnAbout(
    deps,
    'A cancel by our reference failed for a charge answered failed: refunding the stood payment',
    notification,
    payment,
    {
      refund: refundToken,
    },
  );
  const answer = await processorOfRecord(deps.processorOf, scope.environment, refund).refund({
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
  // Done at once: settled now (pending, its notification settles it).
  if (answer.outcome === 'succeeded') {
    const { settled } = refundOutcome(deps.ids, refund, { succeeded: true }, now);
    await deps.refunds.settle(scope, payment, settled, { from: 'pending' }, now).catch((error: unknown) => {
      if (!(error instanceof Changed)) throw error;
    });
  }
  return 'applied';
};
