import type { RuntimeDeps } from '@wattle/runtime';
import type { ScheduledJob } from '@wattle/store';
import { settleWithProcessor } from './settle-payment.ts';

/**
 * The payment-recovery job: a payment still `processing` when its job falls due was left by a
 * crash between reserving and settling. Asking the processor again is safe (idempotent by token),
 * and settling claims the job.
 */
export const recoverPayment = async (deps: RuntimeDeps, job: ScheduledJob): Promise<void> => {
  const { store } = deps;
  const payment = await store.payments.get(job.scope, job.token);
  if (payment?.state !== 'processing') {
    await store.schedule.drop(job);
    return;
  }
  const sealedNumber = await store.payments.sealedNumberOf(job.scope, job.token);
  if (!sealedNumber) throw new Error(`Payment ${job.token} has lost its sealed number`);
  const cardNumber = await store.cardTokens.open(job.scope, { card: payment.card, sealedNumber });
  await settleWithProcessor(deps, job.scope, payment, cardNumber, {
    from: 'processing',
    joinLists: true,
    job,
  });
};
