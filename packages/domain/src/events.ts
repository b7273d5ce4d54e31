/** Event types of Pin's API reference; clients must tolerate new ones, and so does this list. */
export const eventTypes = [
  'charge.authorised',
  'charge.voided',
  'charge.captured',
  'charge.failed',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'recipient.created',
  'recipient.updated',
  'recipient.deleted',
  'refund.created',
  'refund.succeeded',
  'refund.failed',
  'transfer.created',
  'transfer.failed',
  'deposit.created',
  'sub_merchant_application.submitted',
  'sub_merchant_application.activated',
  'sub_merchant_application.declined',
  'sub_merchant_application.on_hold',
  'plan.created',
  'plan.deleted',
  'subscription.created',
  'subscription.unsubscribed',
  'subscription.cancelled',
  'subscription.expired',
  'subscription.renewed',
  'subscription.renewal_failed',
  'dispute.evidence_required',
  'dispute.resolved',
  'dispute.cancelled',
  'dispute.evidence_under_review',
  'dispute.lost',
  'dispute.won',
  'dispute.expired',
  'dispute.accepted',
  'dispute.arbitration_under_review',
  'dispute.arbitration_won',
  'dispute.arbitration_lost',
] as const;

export type EventType = (typeof eventTypes)[number];

/**
 * A record of activity, written in the same transaction as the change it records (the outbox).
 * `data` is the resource exactly as its endpoint returns it.
 */
export interface WattleEvent {
  token: string;
  type: EventType;
  data: Record<string, unknown>;
  createdAt: string;
}

/** A new event of `type` about `data`, stamped now. */
export const newEvent = (
  ids: { token(prefix: 'evt'): string },
  type: EventType,
  data: Record<string, unknown>,
  now: string,
): WattleEvent => ({ token: ids.token('evt'), type, data, createdAt: now });
