import {
  type CardProcessor,
  type Clock,
  type Ids,
  newEvent,
  presentRefund,
  type Refund,
  toTimestamp,
} from '@wattle/domain';
import type { PaymentReader, RefundsStore, ScheduledJob, ScheduleStore } from '@wattle/ports';

export interface SettleRefundDeps {
  refunds: RefundsStore;
  payments: PaymentReader;
  schedule: Pick<ScheduleStore, 'drop'>;
  processor: Pick<CardProcessor, 'refund'>;
  clock: Clock;
  ids: Ids;
}

/**
 * The refund-settlement job: asks the processor, then records Success or Failed. A refund that
 * is gone or settled already leaves nothing to do. Throws JobTaken when another run took the job.
 */
export const settleRefund = async (
  { refunds, payments, schedule, processor, clock, ids }: SettleRefundDeps,
  job: ScheduledJob,
): Promise<void> => {
  const refund = await refunds.get(job.scope, job.token);
  const charge = refund && (await payments.get(job.scope, refund.chargeToken));
  if (!refund || !charge || refund.state !== 'pending') {
    await schedule.drop(job);
    return;
  }
  const outcome = await processor.refund(charge.token, refund.token, refund.amount, charge.card);
  const now = clock.now();
  const settled: Refund = outcome.settled
    ? { ...refund, state: 'succeeded' }
    : { ...refund, state: 'failed', errorMessage: outcome.reason };
  const event = newEvent(
    ids,
    outcome.settled ? 'refund.succeeded' : 'refund.failed',
    presentRefund(settled),
    toTimestamp(now),
  );
  await refunds.settle(job.scope, charge, settled, job, event, now);
};
