import type { Environment, Scope, Webhook } from '@wattle/domain';
import type { Page } from './pages.ts';

/** A webhook as loaded: the version its next change must find, and its delivery lease if any. */
export interface LoadedWebhook {
  webhook: Webhook;
  version: number;
  /** Until when a delivery attempt holds it; null when none does. */
  leasedUntil: Date | null;
}

/** A delivery attempt's hold on a webhook: only its holder can record the outcome. */
export interface DeliveryLease {
  webhookToken: string;
  leaseId: string;
}

/**
 * A merchant's webhooks: one per event and endpoint, each attempt made under a lease so that two
 * attempts (or an attempt and a replay) never overlap.
 */
export interface WebhooksStore {
  get(scope: Scope, webhookToken: string): Promise<LoadedWebhook | null>;
  list(scope: Scope, page: number): Promise<Page<Webhook>>;
  /**
   * The webhook of an event for an endpoint, made once: a second call for the same event and
   * endpoint answers the first one's webhook. Null when the endpoint is gone or being deleted.
   */
  createForEvent(scope: Scope, webhook: Webhook, now: Date): Promise<LoadedWebhook | null>;
  /**
   * Takes the webhook for one attempt if it is still as loaded (of two attempts that loaded it,
   * one goes on). Null when it changed in between: the other attempt has it.
   */
  lease(scope: Scope, loaded: LoadedWebhook, now: Date): Promise<DeliveryLease | null>;
  /**
   * The outcome of an attempt, by the lease's holder only, with the retry job it makes due at
   * `nextRun` (or none). False when the lease was lost (deleted, or it ran out and another took over).
   */
  recordAttempt(scope: Scope, lease: DeliveryLease, webhook: Webhook): Promise<boolean>;
  /**
   * A replay: the webhook as reset, with the retry job due at `fallbackAt` in case the delivery
   * request never arrives. Throws Changed when it changed since loaded or an attempt holds it.
   */
  replay(scope: Scope, loaded: LoadedWebhook, webhook: Webhook, now: Date, fallbackAt: Date): Promise<void>;
  /**
   * Keeps the webhook, its event and its endpoint's record of it while an attempt asked for `now`
   * and the retries after it can still run (deliveryHoldSeconds): their expiry is pushed on, never
   * pulled in. Nothing when the webhook is gone.
   */
  holdForDelivery(scope: Scope, webhookToken: string, now: Date): Promise<void>;
}

/** A message of the webhooks queue: make the attempt now due for this webhook. */
export interface DeliveryRequest {
  scope: { accountId: string; environment: Environment };
  webhookToken: string;
}

/**
 * Where delivery attempts are asked for (SQS in AWS): the delivery function takes them from there.
 * A request may arrive more than once; only an attempt that is due is made, so a duplicate does nothing.
 */
export interface DeliveryQueue {
  send(requests: readonly DeliveryRequest[]): Promise<void>;
}

/** One POST of a webhook: the event JSON exactly as it is sent, signed with the endpoint's key. */
export interface WebhookPost {
  url: string;
  body: string;
  /** The endpoint's signing key: a secret, never logged. */
  key: string;
}

/** What came of one attempt: accepted (a 2xx), or why not, as the webhook's `errors` records it. */
export type SendOutcome =
  | { accepted: true; status: number }
  | { accepted: false; error: string; description: string };

/** An attempt's outcome and the headers its request carried (the signature among them). */
export interface SentWebhook {
  outcome: SendOutcome;
  headers: Record<string, string>;
}

/**
 * Sends webhooks to merchants' URLs (signed, behind the address guard, with Pin's timeout).
 * Never throws: every failure is an outcome.
 */
export interface WebhookSender {
  send(post: WebhookPost): Promise<SentWebhook>;
}
