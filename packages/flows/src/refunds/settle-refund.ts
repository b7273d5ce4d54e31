import {
  type Clock,
  type Ids,
  newEvent,
  processorReferenceOf,
  type Refund,
  settlementJobOf,
  toTimestamp,
} from '@wattle/domain';
import {
  type CallDeadline,
  type PaymentReader,
  type ProcessorOf,
  type RefundsStore,
  type ScheduledJob,
  type ScheduleStore,
  scheduledJobOf,
} from '@wattle/ports';
import { presentRefund } from '@wattle/wire';

export interface SettleRefundDeps {
  refunds: RefundsStore;
  payments: PaymentReader;
  schedule: Pick<ScheduleStore, 'drop'>;
  processorOf: ProcessorOf;
  deadline: CallDeadline;
  clock: Clock;
  ids: Ids;
}

/** A refund's outcome, with its event: `refund.succeeded` or `refund.failed`. */
export const refundOutcome = (
  ids: Ids,
  refund: Refund,
  outcome: { succeeded: true } | { succeeded: false; reason: string },
  now: Date,
): { settled: Refund; event: ReturnType<typeof newEvent> } => {
  const settled: Refund = outcome.succeeded
    ? { ...refund, state: 'succeeded' }
    : { ...refund, state: 'failed', errorMessage: outcome.reason };
  const type = outcome.succeeded ? 'refund.succeeded' : 'refund.failed';
  return { settled, event: newEvent(ids, type, presentRefund(settled), toTimestamp(now)) };
};

/**
 * The refund-settlement job: asks the processor (keyed by the refund's token, bounded by the
 * deadline), then records Success or Failed; a refund the processor took as pending stays Pending
 * (its notification settles it: applyProcessorNotification; a processor that sends none gives its
 * settlement, scheduled with the write: applyProcessorSettlement). An unknown answer leaves the job to
 * run again: the same token is refunded once. A refund that is gone or settled already leaves
 * nothing to do. Throws JobTaken when another run took the job.
 */
export const settleRefund = async (
  { refunds, payments, schedule, processorOf, deadline, clock, ids }: SettleRefundDeps,
  job: ScheduledJob,
): Promise<void> => {
  const refund = await refunds.get(job.scope, job.token);
  const charge = refund && (await payments.get(job.scope, refund.chargeToken));
  if (!refund || !charge || refund.state !== 'pending' || refund.processorReference) {
    await schedule.drop(job);
    return;
  }
  // The refund's account (its charge's): where the charge was made, whatever the default is now.
  const account = refund.processorAccount ?? charge.processorAccount;
  const answer = await processorOf({ environment: job.scope.environment, account }).refund({
    refundToken: refund.token,
    reference: processorReferenceOf(job.scope.accountId, refund.token),
    paymentToken: charge.token,
    processorReference: charge.processorReference ?? charge.token,
    amount: refund.amount,
    currency: refund.currency,
    deadline: deadline(),
  });
  const now = clock.now();
  switch (answer.outcome) {
    case 'unknown':
      throw new Error(`The processor's answer to refund ${refund.token} is unknown: ${answer.reason}`);
    case 'pending': {
      const taken = { ...refund, processorReference: answer.processorReference ?? refund.token };
      // A processor that sends no notification settles it itself later, by a job of its own, timed
      // from when the refund was due to be sent: a run that came late (a clock moved by hours at
      // once) runs it too, in the same run, as a scheduler on time would have.
      const schedules = answer.settlement
        ? scheduledJobOf(job.scope, settlementJobOf(refund.token, answer.settlement, job.dueAt))
        : undefined;
      await refunds.settle(job.scope, charge, taken, { job, schedules }, now);
      return;
    }
    case 'succeeded':
    case 'failed': {
      const { settled, event } = refundOutcome(
        ids,
        { ...refund, ...(answer.outcome === 'succeeded' ? referenceOf(answer) : {}) },
        answer.outcome === 'succeeded'
          ? { succeeded: true }
          : { succeeded: false, reason: answer.raw.reason },
        now,
      );
      await refunds.settle(job.scope, charge, settled, { job, event }, now);
    }
  }
};

const referenceOf = (answer: { processorReference?: string }) =>
  answer.processorReference ? { processorReference: answer.processorReference } : {};
