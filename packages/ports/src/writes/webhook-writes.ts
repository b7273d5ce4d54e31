import type { Scope, Webhook } from '@wattle/domain';
import { Changed } from '../outcomes.ts';
import { jobKinds } from '../schedule.ts';
import type { LoadedWebhook, WebhooksStore } from '../webhooks.ts';
import type { StoreWriter } from './store-writes.ts';

/** The webhooks' port's writes, on an engine's writer: its repository extends this with the rest. */
export abstract class WebhookWrites implements Pick<WebhooksStore, 'replay'> {
  constructor(protected readonly writer: StoreWriter) {}

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
          refusal: () => new Changed('webhook', webhook.token),
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
