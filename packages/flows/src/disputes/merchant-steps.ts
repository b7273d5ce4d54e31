import {
  type Clock,
  type Dispute,
  daysAfter,
  disputeMovedTo,
  disputeReviewDays,
  evidenceFiles,
  fieldIssue,
  type Ids,
  invalidResource,
  merchantActionRefusal,
  newEvent,
  PinError,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import {
  type DisputeStepWrites,
  type DisputesStore,
  jobKinds,
  Missing,
  type PaymentReader,
  type RetryPacing,
} from '@wattle/ports';
import { presentDispute } from '@wattle/wire';
import { retryOnChange } from '../shared/retry-on-change.ts';

export interface MerchantStepDeps {
  disputes: Pick<DisputesStore, 'get' | 'step'>;
  payments: PaymentReader;
  clock: Clock;
  ids: Ids;
  pacing: RetryPacing;
}

/**
 * A merchant's step on a dispute still waiting for evidence, read-decide-write: a racing step
 * (another submit, an accept, the deadline) makes the store answer Changed, and the next round
 * reads what won and refuses (400) when the dispute waits for evidence no more.
 */
const merchantStep = (
  deps: MerchantStepDeps,
  scope: Scope,
  token: string,
  decide: (dispute: Dispute, now: Date) => Promise<DisputeStepWrites & { next: Dispute }>,
): Promise<Dispute> =>
  retryOnChange(deps.pacing, async () => {
    const dispute = await deps.disputes.get(scope, token);
    if (!dispute) throw new PinError('not_found');
    const refused = merchantActionRefusal(dispute);
    if (refused) throw refused;
    const now = deps.clock.now();
    const { next, ...writes } = await decide(dispute, now);
    await deps.disputes.step(scope, dispute, next, writes, now);
    return next;
  });

/** The dispute closed or under review by the merchant's `status`, with its event. */
const moved = async (
  deps: MerchantStepDeps,
  scope: Scope,
  dispute: Dispute,
  status: 'evidence_under_review' | 'accepted',
  now: Date,
) => {
  const charge = (await deps.payments.get(scope, dispute.charge.token)) ?? dispute.charge;
  const next = disputeMovedTo(dispute, status, charge, now);
  return {
    next,
    event: newEvent(deps.ids, `dispute.${status}`, presentDispute(next, now), toTimestamp(now)),
    cancel: [jobKinds.disputeDeadline],
  };
};

/** PUT /disputes/{token}/evidence: the batch replaced by `evidence`, until it is submitted. */
export const saveEvidence = (
  deps: MerchantStepDeps,
  scope: Scope,
  token: string,
  evidence: Record<string, string>,
): Promise<Dispute> =>
  merchantStep(deps, scope, token, async (dispute) => ({
    next: { ...dispute, evidence, version: dispute.version + 1 },
  }));

/**
 * POST /disputes/{token}/evidence: the batch goes to the issuer, once only; the issuer decides
 * `disputeReviewDays` later. An empty batch is refused: there would be nothing to review.
 */
export const submitEvidence = async (
  deps: MerchantStepDeps,
  scope: Scope,
  token: string,
): Promise<Dispute> => {
  try {
    return await merchantStep(deps, scope, token, async (dispute, now) => {
      if (Object.keys(dispute.evidence).length === 0)
        throw invalidResource([fieldIssue('evidence', "can't be blank: save a batch with PUT first")]);
      const step = await moved(deps, scope, dispute, 'evidence_under_review', now);
      return {
        ...step,
        schedule: [{ kind: jobKinds.disputeReview, scope, token, dueAt: daysAfter(now, disputeReviewDays) }],
        // The files it attaches go with it, in its transaction: from now on they cannot be deleted.
        files: evidenceFiles(dispute.evidence),
      };
    });
  } catch (error) {
    if (error instanceof Missing && error.resource === 'file')
      throw invalidResource([fieldIssue('evidence', `names ${error.token}, which is no file of yours`)]);
    throw error;
  }
};

/** POST /disputes/{token}/accept: the merchant concedes; the cardholder keeps the money. */
export const acceptDispute = (deps: MerchantStepDeps, scope: Scope, token: string): Promise<Dispute> =>
  merchantStep(deps, scope, token, (dispute, now) => moved(deps, scope, dispute, 'accepted', now));
