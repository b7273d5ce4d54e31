import { randomUUID } from 'node:crypto';
import {
  deliveryHoldSeconds,
  type Scope,
  toEpochSeconds,
  type Webhook,
  type WebhookEndpoint,
} from '@wattle/domain';
import { jobKinds, type LoadedWebhook, type Page, type WebhooksStore, WebhookWrites } from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { listSortKey, scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';

interface StoredWebhook {
  scope: Scope;
  webhook: Webhook;
  ver: number;
  leaseUntil?: string;
  leaseId?: string;
  expiresAt: number;
  sortKey: string;
}

export interface StoredEndpoint {
  endpoint: WebhookEndpoint;
  sortKey: string;
  deletingSince?: string;
}

/** An endpoint's record of the webhook it has for one event: made once per (event, endpoint). */
interface EndpointWebhook {
  webhookToken: string;
  expiresAt: number;
}

export const endpointsOf = (world: MemoryWorld) => world.table<StoredEndpoint>('webhook-endpoint');

/** Each endpoint's webhooks, by the event they are of. */
const endpointWebhooksOf = (world: MemoryWorld) =>
  world.table<Map<string, EndpointWebhook>>('endpoint-webhooks');

const toLoaded = (stored: StoredWebhook): LoadedWebhook => ({
  webhook: copy(stored.webhook),
  version: stored.ver,
  leasedUntil: stored.leaseUntil === undefined ? null : new Date(stored.leaseUntil),
});

/** The id an endpoint's record of an event's webhook is filed under for the retention. */
const recordId = (endpointId: string, eventToken: string) => `${endpointId}\u0001${eventToken}`;

/** Webhooks: one per event and endpoint, each attempt under a lease, kept for the retention. */
export class WebhooksRepo extends WebhookWrites implements WebhooksStore {
  private readonly webhooks;
  private readonly endpoints;
  private readonly endpointWebhooks;

  constructor(private readonly world: MemoryWorld) {
    super(new StoreWrites(world));
    const endpointWebhooks = endpointWebhooksOf(world);
    this.webhooks = world.expiring<StoredWebhook>(
      'webhook',
      (stored) => stored.expiresAt,
      (stored) => {
        world.lists.leave(listKey(stored.scope, 'webhooks'), stored.sortKey);
        return { list: 'webhooks', scope: stored.scope, token: stored.webhook.token };
      },
    );
    this.endpoints = endpointsOf(world);
    this.endpointWebhooks = endpointWebhooks;
    world.expiry.register('endpoint-webhook', (id, now) => {
      const [endpointId, eventToken] = id.split('\u0001') as [string, string];
      const records = endpointWebhooks.get(endpointId);
      const record = records?.get(eventToken);
      if (!record) return 'gone';
      if (record.expiresAt > now) return 'kept';
      records!.delete(eventToken);
      if (records!.size === 0) endpointWebhooks.delete(endpointId);
      return 'gone';
    });
  }

  async get(scope: Scope, webhookToken: string): Promise<LoadedWebhook | null> {
    const stored = this.webhooks.get(scoped(scope, webhookToken));
    return stored ? toLoaded(stored) : null;
  }

  async list(scope: Scope, page: number): Promise<Page<Webhook>> {
    return pageOf(this.world.lists.page(listKey(scope, 'webhooks'), page), (id) => {
      const stored = this.webhooks.get(id);
      return stored ? copy(stored.webhook) : undefined;
    });
  }

  async createForEvent(scope: Scope, webhook: Webhook, now: Date): Promise<LoadedWebhook | null> {
    const endpointId = scoped(scope, webhook.endpointToken);
    const endpoint = this.endpoints.get(endpointId);
    if (!endpoint || endpoint.deletingSince !== undefined) return null;
    const made = this.endpointWebhooks.get(endpointId)?.get(webhook.eventToken);
    if (made) return this.get(scope, made.webhookToken);
    const id = scoped(scope, webhook.token);
    const list = listKey(scope, 'webhooks');
    const expiresAt = toEpochSeconds(now) + this.world.retention.eventsSeconds;
    new Change()
      .check(() => !this.webhooks.has(id), 'webhook')
      .write(() => {
        const stored = {
          scope: { ...scope },
          webhook: copy(webhook),
          ver: 1,
          expiresAt,
          sortKey: listSortKey(now, webhook.token),
        };
        this.webhooks.set(id, stored);
        let records = this.endpointWebhooks.get(endpointId);
        if (!records) {
          records = new Map();
          this.endpointWebhooks.set(endpointId, records);
        }
        records.set(webhook.eventToken, { webhookToken: webhook.token, expiresAt });
        this.world.lists.join(list, stored.sortKey, id);
        this.world.lists.move(list, 1);
        this.world.expiry.add('webhook', id, expiresAt);
        this.world.expiry.add('endpoint-webhook', recordId(endpointId, webhook.eventToken), expiresAt);
      })
      .commit();
    return { webhook: copy(webhook), version: 1, leasedUntil: null };
  }

  protected newLeaseId(): string {
    return randomUUID();
  }

  /** The webhook, its event and its endpoint's record of it kept at least to the hold's end. */
  async holdForDelivery(scope: Scope, webhookToken: string, now: Date): Promise<void> {
    const id = scoped(scope, webhookToken);
    const stored = this.webhooks.get(id);
    if (!stored) return;
    const until = toEpochSeconds(now) + deliveryHoldSeconds;
    const { webhook } = stored;
    if (stored.expiresAt < until) {
      stored.expiresAt = until;
      this.world.expiry.add('webhook', id, until);
    }
    const event = this.world.outbox.events.get(scoped(scope, webhook.eventToken));
    if (event && event.expiresAt < until) {
      event.expiresAt = until;
      this.world.expiry.add('event', scoped(scope, webhook.eventToken), until);
    }
    const endpointId = scoped(scope, webhook.endpointToken);
    const record = this.endpointWebhooks.get(endpointId)?.get(webhook.eventToken);
    if (record && record.expiresAt < until) {
      record.expiresAt = until;
      this.world.expiry.add('endpoint-webhook', recordId(endpointId, webhook.eventToken), until);
    }
  }

  /**
   * Every webhook of an endpoint being deleted, with its retry job: those still there leave the
   * count (one the retention removed already left it when its expiry was counted).
   */
  deleteAllOf(scope: Scope, endpointToken: string): void {
    const endpointId = scoped(scope, endpointToken);
    const records = this.endpointWebhooks.get(endpointId);
    if (!records) return;
    const list = listKey(scope, 'webhooks');
    const change = new Change();
    for (const { webhookToken } of records.values()) {
      const id = scoped(scope, webhookToken);
      const stored = this.webhooks.get(id);
      change.write(() => {
        if (!stored) return;
        this.webhooks.delete(id);
        this.world.lists.leave(list, stored.sortKey);
        this.world.lists.move(list, -1);
      });
      this.world.jobs.cancelIn(change, jobKinds.webhookRetry, scope, webhookToken);
    }
    change.write(() => this.endpointWebhooks.delete(endpointId)).commit();
  }
}
