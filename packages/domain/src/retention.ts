/**
 * How long events and webhooks are kept: Pin guarantees 30 days for both (docs/operations/retention.md), so
 * that is the default and the least a deployment may choose. After it, DynamoDB's TTL deletes
 * them (within days) and they leave their lists and counts.
 */
export const minimumEventRetentionDays = 30;

export const secondsPerDay = 24 * 60 * 60;

/**
 * How long a processor's notification is kept: longer than a processor resends one it was not
 * answered for (Adyen: up to 30 days), so every resend finds it. It then expires, uncounted.
 */
export const processorNotificationKeptSeconds = 35 * secondsPerDay;

/** What the store stamps on the items it keeps for a while only (the table's TTL attribute). */
export interface Retention {
  /** Events, webhooks and an endpoint's record of the event's webhook, from their creation. */
  eventsSeconds: number;
}

export const defaultRetention: Retention = { eventsSeconds: minimumEventRetentionDays * secondsPerDay };

/** The retention of `WATTLE_EVENT_RETENTION_DAYS` (whole days, at least 30); the default when unset. */
export const retentionFromDays = (days: string | undefined): Retention => {
  if (days === undefined || days.trim() === '') return defaultRetention;
  if (!/^\d+$/.test(days.trim()) || Number(days) < minimumEventRetentionDays) {
    throw new Error(
      `WATTLE_EVENT_RETENTION_DAYS must be a whole number of days, at least ${minimumEventRetentionDays} (Pin's guarantee)`,
    );
  }
  return { eventsSeconds: Number(days) * secondsPerDay };
};
