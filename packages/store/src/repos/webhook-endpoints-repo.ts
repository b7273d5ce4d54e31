import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { endpointPurgeGraceMs, maxWebhookEndpoints, type Scope, type WebhookEndpoint } from '@wattle/domain';
import { jobKinds, Missing, type Page, type ScheduledJob, type WebhookEndpointsStore } from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { counter, countIn } from '../kernel/counters.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readNewest, readPage } from '../kernel/list-page.ts';
import { cancelIn, claimIn, type JobLabel, scheduleIn } from '../kernel/schedule.ts';
import type { Transaction } from '../kernel/transaction.ts';
import { endpointLive, endpointLiveShards, liveShardKeys, WebhooksRepo } from './webhooks-repo.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
type WebhookEndpointLabel = 'endpoint' | 'live';

/** An endpoint counts against the limit from its creation until its deletion starts. */
const endpointsCounter = (scope: Scope) => counter(lists.webhookEndpoints(scope));

const toEndpoint = (item: Record<string, unknown>): WebhookEndpoint => item.endpoint as WebhookEndpoint;

/**
 * The first step of an endpoint's deletion, added to `tx`: the endpoint marked deleting and out of
 * its list, and its liveness shards deleted, all at once, so no webhook is made for it after this
 * lands (a webhook checks one shard, or the item of an endpoint stored before the shards). Fails
 * on `endpoint` when there is no live endpoint.
 */
export const markDeletingIn = <L extends string>(
  tx: Transaction<L>,
  scope: Scope,
  endpointToken: string,
  now: Date,
): Transaction<L | WebhookEndpointLabel> => {
  const marked = (tx as Transaction<L | WebhookEndpointLabel>).update('endpoint', {
    Key: keys.webhookEndpoint(scope, endpointToken),
    UpdateExpression: 'SET deletingSince = :now REMOVE gsi1pk, gsi1sk',
    ConditionExpression: endpointLive,
    ExpressionAttributeValues: { ':now': now.toISOString() },
  });
  for (const Key of liveShardKeys(scope, endpointToken)) marked.delete('live', { Key });
  return marked;
};

export class WebhookEndpointsRepo implements WebhookEndpointsStore {
  private readonly webhooks: WebhooksRepo;

  constructor(private readonly ctx: StoreContext) {
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
      { index: 'gsi1', listKey: lists.webhookEndpoints(scope), counter: endpointsCounter(scope) },
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

  /**
   * The endpoint, counted against the limit in the same transaction: of racing creations past
   * the limit, the counter's condition fails (LimitReached) for all but the ones that fit.
   */
  async create(scope: Scope, endpoint: WebhookEndpoint, now: Date): Promise<void> {
    const tx = newTransaction<WebhookEndpointLabel>(this.ctx).put('endpoint', {
      Item: {
        ...keys.webhookEndpoint(scope, endpoint.token),
        _et: 'webhook_endpoint',
        endpoint,
        liveShards: endpointLiveShards,
        ...listMembership('gsi1', lists.webhookEndpoints(scope), listSortKey(now, endpoint.token)),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    for (const key of liveShardKeys(scope, endpoint.token))
      tx.put('live', { Item: { ...key, _et: 'endpoint_live' } });
    countIn(tx, endpointsCounter(scope), 1, maxWebhookEndpoints);
    await tx.commit(this.ctx.doc);
  }

  /**
   * Deletes the endpoint and every webhook of it. The first transaction takes the endpoint out of
   * its list and its limit, marks it deleting and deletes its liveness shards, which stops new
   * webhooks for it (`markDeletingIn`); its webhooks go next, in batches, and the endpoint item last. Throws
   * Missing when there is no live endpoint.
   */
  async delete(scope: Scope, endpointToken: string, now: Date): Promise<void> {
    const tx = markDeletingIn(newTransaction<WebhookEndpointLabel>(this.ctx), scope, endpointToken, now);
    countIn(tx, endpointsCounter(scope), -1);
    scheduleIn(tx, {
      kind: jobKinds.endpointPurge,
      scope,
      token: endpointToken,
      dueAt: new Date(now.getTime() + endpointPurgeGraceMs),
    });
    await tx.commit(this.ctx.doc, { endpoint: () => new Missing('webhook endpoint', endpointToken) });
    await this.finishDeletion(scope, endpointToken, (last) =>
      cancelIn(last, jobKinds.endpointPurge, scope, endpointToken),
    );
  }

  /** The purge job: the rest of a deletion whose request stopped half-way. Throws JobTaken. */
  purge(job: ScheduledJob): Promise<void> {
    return this.finishDeletion(job.scope, job.token, (last) => claimIn(last, job));
  }

  /**
   * The rest of a deletion: the endpoint's webhooks, then the endpoint item, in a transaction that
   * `finish` adds to (removing or claiming the purge job). Never touches a live endpoint.
   */
  private async finishDeletion(
    scope: Scope,
    endpointToken: string,
    finish: (tx: Transaction<WebhookEndpointLabel>) => Transaction<WebhookEndpointLabel | JobLabel>,
  ): Promise<void> {
    await this.webhooks.deleteAllOf(scope, endpointToken);
    const tx = newTransaction<WebhookEndpointLabel>(this.ctx).delete('endpoint', {
      Key: keys.webhookEndpoint(scope, endpointToken),
      ConditionExpression: 'attribute_not_exists(pk) OR attribute_exists(deletingSince)',
    });
    await finish(tx).commit(this.ctx.doc);
  }
}
