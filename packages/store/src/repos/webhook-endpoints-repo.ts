import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { maxWebhookEndpoints, type Scope, type WebhookEndpoint } from '@wattle/domain';
import { type Page, type WebhookEndpointsStore, WebhookEndpointWrites } from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { counter } from '../kernel/counters.ts';
import { keys, lists } from '../kernel/keys.ts';
import { readNewest, readPage } from '../kernel/list-page.ts';
import { StoreWrites } from './store-writes.ts';
import { WebhooksRepo } from './webhooks-repo.ts';

const toEndpoint = (item: Record<string, unknown>): WebhookEndpoint => item.endpoint as WebhookEndpoint;

/** A merchant's webhook endpoints; their writes are @wattle/ports' (webhook-endpoint-writes.ts). */
export class WebhookEndpointsRepo extends WebhookEndpointWrites implements WebhookEndpointsStore {
  private readonly webhooks: WebhooksRepo;

  constructor(private readonly ctx: StoreContext) {
    super(new StoreWrites(ctx));
    this.webhooks = new WebhooksRepo(ctx);
  }

  /** The endpoint, or null when there is none (or its deletion has begun). */
  async get(scope: Scope, endpointToken: string): Promise<WebhookEndpoint | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.webhookEndpoint(scope, endpointToken),
        ConsistentRead: true,
      }),
    );
    if (!result.Item || result.Item.deletingSince !== undefined) return null;
    return toEndpoint(result.Item);
  }

  list(scope: Scope, page: number): Promise<Page<WebhookEndpoint>> {
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      {
        index: 'gsi1',
        listKey: lists.webhookEndpoints(scope),
        counter: counter(lists.webhookEndpoints(scope)),
      },
      page,
      toEndpoint,
    );
  }

  live(scope: Scope): Promise<WebhookEndpoint[]> {
    return readNewest(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi1', listKey: lists.webhookEndpoints(scope) },
      maxWebhookEndpoints,
      toEndpoint,
    );
  }

  /** Its webhooks, in batches (a transaction's worth each). */
  protected deleteWebhooksOf(scope: Scope, endpointToken: string): Promise<void> {
    return this.webhooks.deleteAllOf(scope, endpointToken);
  }
}
