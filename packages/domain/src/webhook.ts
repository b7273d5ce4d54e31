import type { Ids } from './ids.ts';
import { minimumEventRetentionDays, secondsPerDay } from './retention.ts';

/**
 * Webhook endpoints and webhooks (docs/api/cookbook/webhooks.md; Pin's "Webhooks", "States and
 * transitions"). Pin's reference observes `pending`, `retrying` and `completed`; a webhook whose last
 * retry failed too is `failed` (docs/api/behaviour.md), with next_run null.
 */
export type WebhookStatus = 'pending' | 'retrying' | 'completed' | 'failed';

/** Pin's limit on webhook endpoints per merchant and environment (docs/api/cookbook/webhooks.md). */
export const maxWebhookEndpoints = 5;

export interface WebhookEndpoint {
  token: string;
  /** The signing key of Pin-Signature: a secret, never logged. */
  key: string;
  url: string;
  createdAt: string;
  updatedAt: string;
}

/** One failed attempt, as `errors` shows it under the attempt's UTC time. */
export interface WebhookError {
  error: string;
  error_description: string;
}

export interface Webhook {
  token: string;
  status: WebhookStatus;
  url: string;
  eventToken: string;
  endpointToken: string;
  createdAt: string;
  acceptedAt: string | null;
  nextRun: string | null;
  /** Failed attempts since the webhook was created or last replayed. */
  retries: number;
  errors: Record<string, WebhookError>;
  /**
   * Every attempt, replays included (the latest `maxAttemptsKept`), for the local dashboard. Not
   * part of Pin's webhook object: presentWebhook leaves it out. Absent on webhooks stored before.
   */
  attempts?: WebhookAttempt[];
}

/** One POST of a webhook and what came of it. */
export interface WebhookAttempt {
  /** When it was sent, by the service clock. */
  at: string;
  /** The receiver's 2xx; null when it was not accepted (`error` says why, with any other code). */
  status: number | null;
  error: WebhookError | null;
  /** How long the POST took, by the wall clock. */
  ms: number;
  /** The request as sent: URL and headers, Pin-Signature among them (the body is the event's JSON). */
  request: { url: string; headers: Record<string, string> };
}

/** Enough to follow a webhook through its whole retry schedule (13 attempts) and a few replays. */
export const maxAttemptsKept = 30;

/** The webhook with `attempt` recorded; the oldest beyond `maxAttemptsKept` are dropped. */
export const withAttempt = (webhook: Webhook, attempt: WebhookAttempt): Webhook => ({
  ...webhook,
  attempts: [...(webhook.attempts ?? []), attempt].slice(-maxAttemptsKept),
});

/** The key of an entry in `errors`: `YYYY-MM-DD hh:mm:ss UTC`. */
export const webhookErrorTime = (at: Date): string =>
  `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 19)} UTC`;

/** A new webhook of an event for one endpoint, waiting for its first attempt. */
export const newWebhook = (
  ids: Pick<Ids, 'token'>,
  endpoint: Pick<WebhookEndpoint, 'token' | 'url'>,
  eventToken: string,
  createdAt: string,
): Webhook => ({
  token: ids.token('whr'),
  status: 'pending',
  url: endpoint.url,
  eventToken,
  endpointToken: endpoint.token,
  createdAt,
  acceptedAt: null,
  nextRun: null,
  retries: 0,
  errors: {},
});

/**
 * Whether an attempt is owed now: a pending webhook at once, a retrying one from its next run on.
 * Completed and failed webhooks are done (until a replay).
 */
export const isDeliveryDue = (webhook: Webhook, now: Date): boolean =>
  webhook.status === 'pending' ||
  (webhook.status === 'retrying' && webhook.nextRun !== null && Date.parse(webhook.nextRun) <= now.getTime());

/** The endpoint answered 2xx. */
export const webhookAccepted = (webhook: Webhook, acceptedAt: string): Webhook => ({
  ...webhook,
  status: 'completed',
  acceptedAt,
  nextRun: null,
});

/**
 * The attempt at `at` failed: the error goes into `errors`, and the webhook retries at `nextRun`,
 * or has failed for good when the schedule has no retry left (`nextRun` null).
 */
export const webhookAttemptFailed = (
  webhook: Webhook,
  failure: WebhookError,
  at: Date,
  nextRun: string | null,
): Webhook => ({
  ...webhook,
  status: nextRun ? 'retrying' : 'failed',
  retries: webhook.retries + 1,
  errors: { ...webhook.errors, [webhookErrorTime(at)]: failure },
  nextRun,
});

/** Replay (docs/api/cookbook/webhooks.md): pending again, as if new, for the same event and URL. */
export const replayedWebhook = (webhook: Webhook): Webhook => ({
  ...webhook,
  status: 'pending',
  retries: 0,
  errors: {},
  acceptedAt: null,
  nextRun: null,
});

/**
 * When a failed webhook is tried again: 60 s after the first failure, then twice as long after
 * each further one (1, 2, 4, 8, 16, 32 min, 1 h 4 min, … 34 h 8 min), 12 retries reaching
 * 2 days 20 h after the first attempt. After the 12th retry fails the webhook has failed.
 */
export const retryDelaysSeconds: readonly number[] = Array.from({ length: 12 }, (_, i) => 60 * 2 ** i);

/**
 * How long a webhook asked to be attempted now keeps itself and its event (their expiry, the
 * table's TTL, is pushed this far on, never pulled in): the whole retry schedule from now, and a
 * day for runs that come late. Renewed each time an attempt is asked for, so an event and its
 * webhooks outlive the retention until the webhooks are finished, however far the clock moved.
 */
export const deliveryHoldSeconds = retryDelaysSeconds.reduce((sum, delay) => sum + delay, 0) + secondsPerDay;

/** How long a delivery attempt holds its webhook: the request's 10 s timeout with room to spare. */
export const deliveryLeaseMs = 30_000;

/**
 * When the job that finishes deleting an endpoint is due, should the request that began the
 * deletion die half-way: well after that request's deadline (the request removes it when it finishes).
 */
export const endpointPurgeGraceMs = 10 * 60_000;

/**
 * Whether an event made at `createdAt` could expire (at the least retention a deployment may
 * choose) before a webhook asked for now is finished: only then does its fan-out hold it.
 */
export const outlivesItsEventUnheld = (createdAt: string, now: Date): boolean =>
  Date.parse(createdAt) + minimumEventRetentionDays * secondsPerDay * 1000 <
  now.getTime() + deliveryHoldSeconds * 1000;

/** The next run after the `failedAttempts`-th failed attempt (at `failedAt`); null when none is left. */
export const nextRetryAt = (failedAttempts: number, failedAt: Date): Date | null => {
  const delay = retryDelaysSeconds[failedAttempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay * 1000);
};
