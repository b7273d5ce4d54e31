import { type Dispute, relevantEvidence } from '@wattle/domain';
import type { DisputeActivityJson, DisputeEvidenceJson, DisputeJson } from './objects.ts';
import { presentCharge } from './payment-presenters.ts';

/** The dispute object of Pin's API reference; its charge as the charge endpoints show it. */
export const presentDispute = (dispute: Dispute, now: Date): DisputeJson => ({
  token: dispute.token,
  category: dispute.category,
  status: dispute.status,
  amount: dispute.amount,
  currency: dispute.currency,
  charge: presentCharge(dispute.charge, now),
  evidence_required_by: dispute.evidenceRequiredBy,
  relevant_evidence: relevantEvidence[dispute.category],
  received_at: dispute.receivedAt,
});

/** GET /disputes/{token}/activity: the dispute's steps, oldest first. */
export const presentDisputeActivity = (dispute: Dispute): DisputeActivityJson[] =>
  dispute.activity.map((step) => ({ type: step.type, created_at: step.createdAt }));

/** GET /disputes/{token}/evidence: the current batch, and whether it was submitted. */
export const presentEvidence = (dispute: Dispute): DisputeEvidenceJson => ({
  dispute: dispute.token,
  submitted: dispute.activity.some((step) => step.type === 'evidence_under_review'),
  evidence: dispute.evidence,
});
