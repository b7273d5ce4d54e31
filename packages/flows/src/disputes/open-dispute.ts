import {
  type Clock,
  type DisputeCase,
  daysAfter,
  disputeFee,
  disputeWithdrawalDays,
  type Ids,
  newEvent,
  openedDispute,
  type Payment,
  refundable,
  type Scope,
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
import { presentDispute } from '@wattle/wire';
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
 * Opens the issuer's dispute of what is left of `charge` (`found`: why, and what the issuer does
 * next): the balance pays the amount and the dispute fee at once, its deadline (and a withdrawal)
 * scheduled, `dispute.evidence_required` recorded. With `claim`, in the opening job's transaction.
 */
export const openChargeDispute = async (
  { disputes, clock, ids }: Pick<OpenDisputeDeps, 'disputes' | 'clock' | 'ids'>,
  scope: Scope,
  charge: Payment,
  found: DisputeCase,
  claim?: ScheduledJob,
): Promise<void> => {
  const now = clock.now();
  const dispute = openedDispute(ids.token('dis'), charge, found, disputeFee, now);
  const later = (kind: string, dueAt: Date): ScheduledJob => ({ kind, scope, token: dispute.token, dueAt });
  await disputes.open(
    scope,
    dispute,
    charge,
    {
      claim,
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
};

/**
 * The dispute-opening job (written with the capture of a charge on a dispute test card): the
 * simulated issuer disputes what is left of the charge after refunds (openChargeDispute). A charge
 * refunded in full has nothing left to dispute. A refund racing the opening makes the store answer
 * Changed: read the charge again and dispute what is left. JobTaken when an overlapping run took
 * it first.
 */
export const openDispute = (deps: OpenDisputeDeps, job: ScheduledJob): Promise<void> =>
  retryOnChange(deps.pacing, async () => {
    const charge = await deps.payments.get(job.scope, job.token);
    if (!charge?.disputeCase || refundable(charge) === 0) {
      await deps.schedule.drop(job);
      return;
    }
    await openChargeDispute(deps, job.scope, charge, charge.disputeCase, job);
  });
