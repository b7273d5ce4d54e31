import { toTimestamp } from './clock.ts';
import type { DisputeCase, DisputeCategory } from './dispute-case.ts';
import { PinError } from './errors.ts';
import type { Payment } from './payment.ts';

/** The statuses Pin's API reference implies by its events (`dispute.<status>`, one each). */
export const disputeStatuses = [
  'evidence_required',
  'evidence_under_review',
  'won',
  'lost',
  'expired',
  'accepted',
  'resolved',
  'cancelled',
  'arbitration_under_review',
  'arbitration_won',
  'arbitration_lost',
] as const;

export type DisputeStatus = (typeof disputeStatuses)[number];

/** The dispute test cards (ours: Pin has none): captured charges on them are disputed later. */
export const disputeCards: Record<string, DisputeCase> = {
  '4000000000000259': { category: 'general' },
  '4000000000000267': { category: 'fraudulent' },
  '4000000000000275': { category: 'product_not_received' },
  '4000000000000283': { category: 'duplicate' },
  '4000000000000291': { category: 'general', withdrawn: true },
  '4000000000000309': { category: 'general', arbitration: true },
};

/** The dispute case a payment on `cardNumber` carries, when it is a dispute test card. */
export const disputeCaseFor = (cardNumber: string): Pick<Payment, 'disputeCase'> => {
  const found = disputeCards[cardNumber];
  return found ? { disputeCase: found } : {};
};

const day = 86_400_000;
/** The simulated issuer's pace, in days. */
export const disputeOpensAfterDays = 2;
export const evidenceWindowDays = 14;
export const disputeReviewDays = 5;
export const arbitrationDays = 10;
export const disputeWithdrawalDays = 3;

/** When the issuer disputes `charge` (two days after its capture), or null when it is not a captured charge on a dispute test card. */
export const disputeOpensAt = (charge: Payment): Date | null =>
  charge.disputeCase && charge.kind === 'charge' && charge.state === 'captured' && charge.capturedAt
    ? new Date(Date.parse(charge.capturedAt) + disputeOpensAfterDays * day)
    : null;

export const daysAfter = (at: Date, days: number): Date => new Date(at.getTime() + days * day);

/** One step of a dispute's life, as GET /disputes/{token}/activity lists it. */
export interface DisputeActivity {
  /** The status the dispute entered. */
  type: DisputeStatus;
  createdAt: string;
}

/** A chargeback of a captured charge, opened by the (simulated) issuer. */
export interface Dispute {
  token: string;
  category: DisputeCategory;
  status: DisputeStatus;
  amount: number;
  currency: string;
  /** What opening it cost the merchant besides the amount (kept whatever the outcome). */
  fee: number;
  /** The charge as it was at the dispute's latest step (active_chargebacks true while open). */
  charge: Payment;
  receivedAt: string;
  evidenceRequiredBy: string;
  /** The current evidence batch: field → text, or a `file_` token naming an uploaded file. */
  evidence: Record<string, string>;
  activity: DisputeActivity[];
  /** Moves with every write (a step, saved evidence): each write is guarded by the one it read. */
  version: number;
  withdrawn: boolean;
  arbitration: boolean;
}

/** The evidence a category asks for (Pin's names: docs/api/cookbook/disputes.md). */
export const relevantEvidence: Record<DisputeCategory, string[]> = {
  general: ['invoice_or_receipt', 'customer_communication', 'additional_evidence'],
  fraudulent: [
    'proof_of_delivery_or_service',
    'invoice_or_receipt',
    'customer_communication',
    'additional_evidence',
  ],
  product_not_received: [
    'proof_of_delivery_or_service',
    'customer_communication',
    'refund_or_cancellation_policy',
    'additional_evidence',
  ],
  duplicate: ['invoice_showing_distinct_transactions', 'invoice_or_receipt', 'additional_evidence'],
};

/** Statuses in which the issuer still holds the disputed money: the charge shows active_chargebacks. */
export const openStatuses: readonly DisputeStatus[] = [
  'evidence_required',
  'evidence_under_review',
  'arbitration_under_review',
];

export const isOpen = (status: DisputeStatus): boolean => openStatuses.includes(status);

/** Closings that give the merchant the disputed amount back (the fee is kept whatever the outcome). */
export const returnsMoney = (status: DisputeStatus): boolean =>
  status === 'won' || status === 'arbitration_won' || status === 'cancelled' || status === 'resolved';

/** The dispute the issuer opens on `charge` at `now`: all of what is left of it after refunds. */
export const openedDispute = (
  token: string,
  charge: Payment,
  found: DisputeCase,
  fee: number,
  now: Date,
): Dispute => ({
  token,
  category: found.category,
  status: 'evidence_required',
  amount: charge.amount - charge.amountRefunded,
  currency: charge.currency,
  fee,
  charge: { ...charge, dispute: { token, open: true } },
  receivedAt: toTimestamp(now),
  evidenceRequiredBy: toTimestamp(daysAfter(now, evidenceWindowDays)),
  evidence: {},
  activity: [{ type: 'evidence_required', createdAt: toTimestamp(now) }],
  version: 0,
  withdrawn: found.withdrawn === true,
  arbitration: found.arbitration === true,
});

/** The dispute moved to `status` at `now`, its charge's snapshot `charge` (read now) showing whether it is open. */
export const disputeMovedTo = (
  dispute: Dispute,
  status: DisputeStatus,
  charge: Payment,
  now: Date,
): Dispute => ({
  ...dispute,
  status,
  charge: { ...charge, dispute: { token: dispute.token, open: isOpen(status) } },
  activity: [...dispute.activity, { type: status, createdAt: toTimestamp(now) }],
  version: dispute.version + 1,
});

/** The test evidence word that wins a dispute (as Stripe's `winning_evidence`). */
export const winningEvidence = 'winning_evidence';
/** The test evidence word that loses one; any evidence without `winning_evidence` loses as well. */
export const losingEvidence = 'losing_evidence';

/** The simulated issuer's decision on submitted evidence: won only when it names `winning_evidence` and not `losing_evidence`. */
export const evidenceWins = (evidence: Record<string, string>): boolean => {
  const text = Object.values(evidence).join(' ');
  return text.includes(winningEvidence) && !text.includes(losingEvidence);
};

/** Where the issuer's review of submitted evidence leads. */
export const reviewOutcome = (dispute: Dispute): DisputeStatus => {
  if (dispute.status === 'evidence_under_review' && dispute.arbitration) return 'arbitration_under_review';
  const wins = evidenceWins(dispute.evidence);
  if (dispute.status === 'arbitration_under_review') return wins ? 'arbitration_won' : 'arbitration_lost';
  return wins ? 'won' : 'lost';
};

/**
 * Where the issuer withdrawing the dispute leads: `cancelled` before the merchant submitted
 * evidence, `resolved` once it had (under review, in arbitration too); null once it is closed.
 */
export const withdrawalOutcome = (dispute: Dispute): DisputeStatus | null => {
  if (dispute.status === 'evidence_required') return 'cancelled';
  if (dispute.status === 'evidence_under_review' || dispute.status === 'arbitration_under_review')
    return 'resolved';
  return null;
};

/** The most text one evidence field holds, and the most fields a batch names (the item stays small). */
/**
 * The uploaded files a batch attaches: the fields whose value is a file token (`file_…`, as
 * POST /files answers it). Submitting the batch marks them, so they can no longer be deleted.
 */
export const evidenceFiles = (evidence: Record<string, string>): string[] => [
  ...new Set(
    Object.values(evidence)
      .map((value) => value.trim())
      .filter((value) => /^file_[\w-]{1,64}$/.test(value)),
  ),
];

export const evidenceTextLimit = 5_000;
export const evidenceFieldLimit = 20;

/** Why the merchant cannot change, submit or accept the dispute now, or null when it can. */
export const merchantActionRefusal = (dispute: Dispute): PinError | null => {
  if (dispute.status === 'evidence_required') return null;
  if (dispute.activity.some((step) => step.type === 'evidence_under_review'))
    return new PinError('dispute_evidence_already_submitted');
  return new PinError('dispute_closed', {
    description: `The dispute cannot be changed: it is ${dispute.status.replaceAll('_', ' ')}.`,
  });
};
