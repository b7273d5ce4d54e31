import {
  arbitrationDays,
  type Clock,
  type Dispute,
  type DisputeStatus,
  daysAfter,
  disputeMovedTo,
  type Ids,
  newEvent,
  returnsMoney,
  reviewOutcome,
  toTimestamp,
  withdrawalOutcome,
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

export interface IssuerStepDeps {
  disputes: DisputesStore;
  payments: PaymentReader;
  schedule: Pick<ScheduleStore, 'drop'>;
  clock: Clock;
  ids: Ids;
  pacing: RetryPacing;
}

/** What the issuer's job does with the dispute as it finds it: its next status, or null (nothing left to do). */
type Decide = (dispute: Dispute) => DisputeStatus | null;

/**
 * One of the simulated issuer's moves, in the transaction claiming its job: read the dispute,
 * decide, write the step with its event (and the money back when the merchant wins). A merchant's
 * step racing it makes the store answer Changed: read again and decide again; a dispute the job
 * has nothing left to do for drops the job. JobTaken when an overlapping run took it first.
 */
const issuerStep =
  (decide: Decide) =>
  (deps: IssuerStepDeps, job: ScheduledJob): Promise<void> =>
    retryOnChange(deps.pacing, async () => {
      const dispute = await deps.disputes.get(job.scope, job.token);
      const status = dispute && decide(dispute);
      const charge = dispute && (await deps.payments.get(job.scope, dispute.charge.token));
      if (!dispute || !status || !charge) {
        await deps.schedule.drop(job);
        return;
      }
      const now = deps.clock.now();
      const next = disputeMovedTo(dispute, status, charge, now);
      const arbitration: ScheduledJob[] =
        status === 'arbitration_under_review'
          ? [
              {
                kind: jobKinds.disputeArbitration,
                scope: job.scope,
                token: dispute.token,
                dueAt: daysAfter(now, arbitrationDays),
              },
            ]
          : [];
      await deps.disputes.step(
        job.scope,
        dispute,
        next,
        {
          claim: job,
          event: newEvent(deps.ids, `dispute.${status}`, presentDispute(next, now), toTimestamp(now)),
          schedule: arbitration,
          // A withdrawal ends whatever else the issuer had planned; the other jobs are their own.
          cancel:
            job.kind === jobKinds.disputeWithdrawal
              ? [jobKinds.disputeDeadline, jobKinds.disputeReview, jobKinds.disputeArbitration]
              : [],
          giveBack: returnsMoney(status),
        },
        now,
      );
    });

/** The evidence deadline passed with nothing submitted: expired, the money stays with the cardholder. */
export const expireDispute = issuerStep((dispute) =>
  dispute.status === 'evidence_required' ? 'expired' : null,
);

/** The issuer's review of submitted evidence (or arbitration's): won, lost, or on to arbitration. */
export const reviewDispute = issuerStep((dispute) =>
  dispute.status === 'evidence_under_review' || dispute.status === 'arbitration_under_review'
    ? reviewOutcome(dispute)
    : null,
);

/** The issuer withdraws the dispute (the withdrawing test card): cancelled or resolved, the money back. */
export const withdrawDispute = issuerStep(withdrawalOutcome);
