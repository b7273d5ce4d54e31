import { type Payment, recoveryOf, type Scope } from '@wattle/domain';
import { Changed, type ScheduledJob } from '@wattle/ports';
import type { PaymentsDeps } from './deps.ts';
import { settlementOfProcessing } from './settle-payment.ts';
import { expireThreeDSecure } from './three-d-secure-decline.ts';

/**
 * Settles a payment left `processing`: by a crash between reserving and settling (asking the
 * processor again is safe: the same token, made once), or with its outcome unknown (resolved
 * through the processor by our token, never authorised again; still unknown, it stays unresolved
 * and its job is due again later). With `job` (the recovery job) the settlement claims it;
 * without, it ends it. When another request settled it first, that outcome is returned (a job
 * that lost the race throws, and the run leaves it).
 */
export const finishReserved = async (
  deps: Pick<
    PaymentsDeps,
    'payments' | 'cardTokens' | 'processorOf' | 'deadline' | 'ids' | 'clock' | 'logger'
  >,
  scope: Scope,
  payment: Payment,
  job?: ScheduledJob,
): Promise<Payment> => {
  try {
    const { settled, changes, now } = await settlementOfProcessing(deps, scope, payment, { job });
    await deps.payments.commit(scope, changes, now);
    return settled;
  } catch (error) {
    if (job || !(error instanceof Changed)) throw error;
    const settled = await deps.payments.get(scope, payment.token);
    if (!settled) throw error;
    return settled;
  }
};

/**
 * The payment-recovery job: a payment still `processing` when its job falls due is finished (or
 * resolved, its outcome unknown: finishReserved); one
 * still waiting for 3-D Secure at its session's end is declined (its card number dropped);
 * anything else is settled already, and the job is dropped.
 */
export const recoverPayment = async (
  deps: Pick<
    PaymentsDeps,
    'payments' | 'cardTokens' | 'processorOf' | 'deadline' | 'schedule' | 'ids' | 'clock' | 'logger'
  >,
  job: ScheduledJob,
): Promise<void> => {
  const payment = await deps.payments.get(job.scope, job.token);
  switch (recoveryOf(payment)) {
    case 'finish':
    case 'resolve':
      await finishReserved(deps, job.scope, payment!, job);
      return;
    case 'decline':
      await expireThreeDSecure(deps, job, payment!);
      return;
    case 'drop':
      await deps.schedule.drop(job);
  }
};
