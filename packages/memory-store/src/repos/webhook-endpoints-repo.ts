import type { Scope, WebhookEndpoint } from '@wattle/domain';
import { type Page, type WebhookEndpointsStore, WebhookEndpointWrites } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';
import { endpointsOf, WebhooksRepo } from './webhooks-repo.ts';

/** A merchant's webhook endpoints; their writes are @wattle/ports' (webhook-endpoint-writes.ts). */
export class WebhookEndpointsRepo extends WebhookEndpointWrites implements WebhookEndpointsStore {
  private readonly endpoints;
  private readonly webhooks: WebhooksRepo;

  constructor(private readonly world: MemoryWorld) {
    super(new StoreWrites(world));
    this.endpoints = endpointsOf(world);
    this.webhooks = new WebhooksRepo(world);
  }

  async get(scope: Scope, endpointToken: string): Promise<WebhookEndpoint | null> {
    const stored = this.endpoints.get(scoped(scope, endpointToken));
    return stored && stored.deletingSince === undefined ? copy(stored.endpoint) : null;
  }

  async list(scope: Scope, page: number): Promise<Page<WebhookEndpoint>> {
    return pageOf(this.world.lists.page(listKey(scope, 'webhook_endpoints'), page), (id) => {
      const stored = this.endpoints.get(id);
      return stored ? copy(stored.endpoint) : undefined;
    });
  }

  /** Every endpoint of the merchant's list (at most the limit), newest first, without the count. */
  async live(scope: Scope): Promise<WebhookEndpoint[]> {
    return this.world.lists
      .page(listKey(scope, 'webhook_endpoints'), 1)
      .ids.map((id) => copy(this.endpoints.get(id)!.endpoint));
  }

  protected async deleteWebhooksOf(scope: Scope, endpointToken: string): Promise<void> {
    this.webhooks.deleteAllOf(scope, endpointToken);
  }
}
