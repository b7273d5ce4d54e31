import { deliveryLeaseMs, type Scope, type Webhook } from '@wattle/domain';
import { Changed } from '../outcomes.ts';
import { jobKinds } from '../schedule.ts';
import type { DeliveryLease, LoadedWebhook, WebhooksStore } from '../webhooks.ts';
import { changed, type StoreWrite, type StoreWriter } from './store-writes.ts';

/** The webhooks' writes, once for both engines (their creation for an event is each engine's). */

/** The webhook taken for one attempt while it is as loaded (Changed: another attempt has it). */
export const webhookLease = (loaded: LoadedWebhook, leaseId: string, now: Date): StoreWrite[] => [
  {
    kind: 'update',
    ref: { record: 'webhook', token: loaded.webhook.token },
    set: { leaseUntil: new Date(now.getTime() + deliveryLeaseMs).toISOString(), leaseId },
    bump: true,
    when: { version: loaded.version },
    refusal: changed('webhook', loaded.webhook.token),
  },
];

/**
 * An attempt's outcome, by the lease's holder only (Changed: the lease was lost), its lease let
 * go, with the retry job due at `nextRun`, or none.
 */
export const attemptRecord = (scope: Scope, lease: DeliveryLease, webhook: Webhook): StoreWrite[] => [
  {
    kind: 'update',
    ref: { record: 'webhook', token: lease.webhookToken },
    set: { webhook },
    unset: [['leaseUntil'], ['leaseId']],
    bump: true,
    when: { equals: [{ path: ['leaseId'], value: lease.leaseId }] },
    refusal: changed('webhook', lease.webhookToken),
  },
  webhook.nextRun
    ? {
        kind: 'schedule-job',
        job: { kind: jobKinds.webhookRetry, scope, token: webhook.token, dueAt: new Date(webhook.nextRun) },
      }
    : { kind: 'cancel-job', job: jobKinds.webhookRetry, token: webhook.token },
];

/**
 * The webhooks' port's writes, on an engine's writer: its repository extends this with the rest
 * (a webhook's creation for an event, its hold for delivery, an endpoint's webhooks' deletion)
 * and `newLeaseId`, a lease's random id.
 */
export abstract class WebhookWrites implements Pick<WebhooksStore, 'lease' | 'recordAttempt' | 'replay'> {
  constructor(protected readonly writer: StoreWriter) {}

  /** A new lease's id, random (only its holder knows it). */
  protected abstract newLeaseId(): string;

  async lease(scope: Scope, loaded: LoadedWebhook, now: Date): Promise<DeliveryLease | null> {
    const leaseId = this.newLeaseId();
    const taken = await this.wentAhead(this.writer.commit(scope, webhookLease(loaded, leaseId, now), now));
    return taken ? { webhookToken: loaded.webhook.token, leaseId } : null;
  }

  async recordAttempt(scope: Scope, lease: DeliveryLease, webhook: Webhook): Promise<boolean> {
    // Nothing of this write is stamped (no event, no token used): any time does.
    return this.wentAhead(this.writer.commit(scope, attemptRecord(scope, lease, webhook), new Date(0)));
  }

  /** Whether the write went ahead: false when it was refused as Changed (another attempt came first). */
  private async wentAhead(write: Promise<void>): Promise<boolean> {
    try {
      await write;
      return true;
    } catch (error) {
      if (error instanceof Changed) return false;
      throw error;
    }
  }

  /**
   * A replay: the webhook as reset, unless it changed since loaded or an attempt holds it
   * (Changed). The retry job, due at `fallbackAt`, sends it should the message to the delivery
   * queue never arrive; the attempt replaces or removes it.
   */
  async replay(scope: Scope, loaded: LoadedWebhook, webhook: Webhook, now: Date, fallbackAt: Date) {
    await this.writer.commit(
      scope,
      [
        {
          kind: 'update',
          ref: { record: 'webhook', token: webhook.token },
          set: { webhook },
          bump: true,
          when: {
            version: loaded.version,
            noLaterThan: [{ path: ['leaseUntil'], value: now.toISOString() }],
          },
          refusal: changed('webhook', webhook.token),
        },
        {
          kind: 'schedule-job',
          job: { kind: jobKinds.webhookRetry, scope, token: webhook.token, dueAt: fallbackAt },
        },
      ],
      now,
    );
  }
}
