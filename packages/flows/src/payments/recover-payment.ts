import { type Payment, recoveryOf, type Scope } from '@wattle/domain';
import { Changed, type ScheduledJob } from '@wattle/ports';
import type { PaymentsDeps } from './deps.ts';
import { reservedCardNumber, settleWithProcessor } from './settle-payment.ts';
import { expireThreeDSecure } from './three-d-secure-decline.ts';

/**
 * Settles a payment left `processing` by a crash between reserving and settling. Asking the
 * processor again is safe (idempotent by token). With `job` (the recovery job) the settlement
 * claims it; without, it ends it. When another request settled it first, that outcome is returned
 * (a job that lost the race throws, and the run leaves it).
 */
export const finishReserved = async (
  deps: Pick<PaymentsDeps, 'payments' | 'cardTokens' | 'processor' | 'ids' | 'clock'>,
  scope: Scope,
  payment: Payment,
  job?: ScheduledJob,
): Promise<Payment> => {
  try {
    const cardNumber = await reservedCardNumber(deps, scope, payment);
    return await settleWithProcessor(deps, scope, payment, cardNumber, { job });
  } catch (error) {
    if (job || !(error instanceof Changed)) throw error;
    const settled = await deps.payments.get(scope, payment.token);
    if (!settled) throw error;
    return settled;
  }
};

/**
 * The payment-recovery job: a payment still `processing` when its job falls due is finished; one
 * still waiting for 3-D Secure at its session's end is declined (its card number dropped);
 * anything else is settled already, and the job is dropped.
 */
export const recoverPayment = async (
  deps: Pick<PaymentsDeps, 'payments' | 'cardTokens' | 'processor' | 'schedule' | 'ids' | 'clock'>,
  job: ScheduledJob,
): Promise<void> => {
  const payment = await deps.payments.get(job.scope, job.token);
  switch (recoveryOf(payment)) {
    case 'finish':
      await finishReserved(deps, job.scope, payment!, job);
      return;
    case 'decline':
      await expireThreeDSecure(deps, job, payment!);
      return;
    case 'drop':
      await deps.schedule.drop(job);
  }
};
