import {
  type Payment,
  type Scope,
  settlementOf,
  threeDSecureDeclined,
  withThreeDSecureResult,
} from '@wattle/domain';
import type { ScheduledJob } from '@wattle/ports';
import type { PaymentsDeps } from './deps.ts';
import { paymentEvent } from './payment-event.ts';
import { recoveryEndOf } from './settle-payment.ts';

/**
 * Declines a charge waiting for 3-D Secure (its `result` says why) and drops its card number.
 * With `job` (the recovery job at the session's end) the settlement claims it. Throws Changed
 * when the payer's answer settled it first.
 */
export const declineThreeDSecure = async (
  { payments, ids, clock }: Pick<PaymentsDeps, 'payments' | 'ids' | 'clock'>,
  scope: Scope,
  payment: Payment,
  job?: ScheduledJob,
): Promise<Payment> => {
  const now = clock.now();
  const failed = threeDSecureDeclined(payment);
  const changes = settlementOf({
    before: payment,
    after: failed,
    event: paymentEvent(ids, failed, now),
    recovery: recoveryEndOf({ job }),
    now,
  });
  await payments.commit(scope, changes, now);
  return failed;
};

/** The session's end with no answer from the payer: the charge is declined. */
export const expireThreeDSecure = (
  deps: Pick<PaymentsDeps, 'payments' | 'ids' | 'clock'>,
  job: ScheduledJob,
  payment: Payment,
): Promise<Payment> => declineThreeDSecure(deps, job.scope, withThreeDSecureResult(payment, 'expired'), job);
