import {
  type Clock,
  daysAfter,
  disputeFee,
  disputeWithdrawalDays,
  type Ids,
  newEvent,
  openedDispute,
  presentDispute,
  refundable,
  toTimestamp,
} from '@wattle/domain';
import {
  type DisputesStore,
  jobKinds,
  type PaymentReader,
  type RetryPacing,
  type ScheduledJob,
  type ScheduleStore,
} from '@wattle/ports';
import { retryOnChange } from '../shared/retry-on-change.ts';

export interface OpenDisputeDeps {
  disputes: DisputesStore;
  payments: PaymentReader;
  schedule: Pick<ScheduleStore, 'drop'>;
  clock: Clock;
  ids: Ids;
  pacing: RetryPacing;
}

/**
 * The dispute-opening job (written with the capture of a charge on a dispute test card): the
 * simulated issuer disputes what is left of the charge after refunds, and the merchant's balance
 * pays the amount and the dispute fee at once. A charge refunded in full has nothing left to
 * dispute. A refund racing the opening makes the store answer Changed: read the charge again and
 * dispute what is left. JobTaken when an overlapping run took it first.
 */
export const openDispute = (
  { disputes, payments, schedule, clock, ids, pacing }: OpenDisputeDeps,
  job: ScheduledJob,
): Promise<void> =>
  retryOnChange(pacing, async () => {
    const charge = await payments.get(job.scope, job.token);
    if (!charge?.disputeCase || refundable(charge) === 0) {
      await schedule.drop(job);
      return;
    }
    const now = clock.now();
    const dispute = openedDispute(ids.token('dis'), charge, charge.disputeCase, disputeFee, now);
    const later = (kind: string, dueAt: Date): ScheduledJob => ({
      kind,
      scope: job.scope,
      token: dispute.token,
      dueAt,
    });
    await disputes.open(
      job.scope,
      dispute,
      charge,
      {
        claim: job,
        event: newEvent(ids, 'dispute.evidence_required', presentDispute(dispute, now), toTimestamp(now)),
        schedule: [
          later(jobKinds.disputeDeadline, new Date(Date.parse(dispute.evidenceRequiredBy))),
          ...(dispute.withdrawn
            ? [later(jobKinds.disputeWithdrawal, daysAfter(now, disputeWithdrawalDays))]
            : []),
        ],
      },
      now,
    );
  });
