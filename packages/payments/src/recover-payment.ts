import type { Payment, Scope } from '@wattle/domain';
import type { ScheduledJob } from '@wattle/ports';
import type { RuntimeDeps } from '@wattle/runtime';
import { ConditionFailedError } from '@wattle/store';
import { settleWithProcessor } from './settle-payment.ts';
import { expireThreeDSecure } from './three-d-secure.ts';

/**
 * Settles a payment left `processing` by a crash between reserving and settling. Asking the
 * processor again is safe (idempotent by token). With `job` (the recovery job) the settlement
 * claims it; without, it cancels it. When another run settled it first, that outcome is returned.
 */
export const finishReserved = async (
  deps: RuntimeDeps,
  scope: Scope,
  payment: Payment,
  job?: ScheduledJob,
): Promise<Payment> => {
  const { store } = deps;
  const sealedNumber = await store.payments.sealedNumberOf(scope, payment.token);
  if (!sealedNumber) throw new Error(`Payment ${payment.token} has lost its sealed number`);
  const cardNumber = await store.cardTokens.open(scope, { card: payment.card, sealedNumber });
  try {
    return await settleWithProcessor(deps, scope, payment, cardNumber, {
      from: 'processing',
      joinLists: true,
      ...(job ? { job } : {}),
    });
  } catch (error) {
    if (job || !(error instanceof ConditionFailedError && error.label === 'payment')) throw error;
    const settled = await store.payments.get(scope, payment.token);
    if (!settled) throw error;
    return settled;
  }
};

/**
 * The payment-recovery job: a payment still `processing` when its job falls due is finished; one
 * still waiting for 3-D Secure at its session's end is declined (its card number dropped).
 */
export const recoverPayment = async (deps: RuntimeDeps, job: ScheduledJob): Promise<void> => {
  const { store } = deps;
  const payment = await store.payments.get(job.scope, job.token);
  if (payment?.state === 'processing') await finishReserved(deps, job.scope, payment, job);
  else if (payment?.state === 'pending_3ds') await expireThreeDSecure(deps, job, payment);
  else await store.schedule.drop(job);
};
