import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { deliveryHoldSeconds, type Scope, toEpochSeconds, type Webhook } from '@wattle/domain';
import { jobKinds, type LoadedWebhook, type Page, type WebhooksStore, WebhookWrites } from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { counter, countIn, merchantWideShards } from '../kernel/counters.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readPage } from '../kernel/list-page.ts';
import { cancelIn } from '../kernel/schedule.ts';
import { shardOfToken } from '../kernel/shards.ts';
import { endpointLive, endpointLiveShards } from './endpoint-liveness.ts';
import { StoreWrites } from './store-writes.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
type WebhookLabel = 'endpoint' | 'once' | 'webhook';

/**
 * The webhooks count moves once per webhook, five a charge with five endpoints (10 units): spread
 * over 16 items (1,600 charges a second), four times the other merchant-wide counts' shards, which
 * move once a charge. Read by one BatchGet of all 16; the 4 of before are among them.
 */
export const webhookCountShards = 4 * merchantWideShards;

export const webhooksCounter = (scope: Scope) => counter(lists.webhooks(scope), webhookCountShards);

/**
 * Every event makes a webhook per endpoint, each rewritten by its attempts (the list's index
 * copy with it: made, leased, outcome, 2 units each): the webhooks list is spread over this many
 * index partitions, so a merchant with five endpoints takes 1,000 charges a second (30 units a
 * charge, under 1,000 a second on each of 32). A page reads every shard (decision 212); entries
 * made when there were 8 stay in theirs, which are among these.
 */
export const webhookListShards = 32;

const toLoaded = (item: Record<string, unknown>): LoadedWebhook => ({
  webhook: item.webhook as Webhook,
  version: Number(item.ver),
  leasedUntil: typeof item.leaseUntil === 'string' ? new Date(item.leaseUntil) : null,
});

/** Webhooks removed per transaction when an endpoint goes: three items each, and the counter. */
const purgeBatch = 30;

export class WebhooksRepo extends WebhookWrites implements WebhooksStore {
  constructor(private readonly ctx: StoreContext) {
    super(new StoreWrites(ctx));
  }

  async get(scope: Scope, webhookToken: string): Promise<LoadedWebhook | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.webhook(scope, webhookToken),
        ConsistentRead: true,
      }),
    );
    return result.Item ? toLoaded(result.Item) : null;
  }

  list(scope: Scope, page: number): Promise<Page<Webhook>> {
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      {
        index: 'gsi1',
        listKey: lists.webhooks(scope),
        counter: webhooksCounter(scope),
        shards: webhookListShards,
      },
      page,
      (item) => toLoaded(item).webhook,
    );
  }

  /**
   * The webhook of an event for an endpoint, made once: the (endpoint, event) item's condition
   * makes a second attempt (a redelivered message) find the first one's webhook instead. Null when
   * the endpoint is gone or being deleted.
   */
  async createForEvent(scope: Scope, webhook: Webhook, now: Date): Promise<LoadedWebhook | null> {
    const made = await this.createChecking(scope, webhook, now, 'shard');
    if (made !== 'unsharded') return made;
    // No shard: the endpoint is gone, being deleted, or stored before its shards (checked on its item).
    const endpoint = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.webhookEndpoint(scope, webhook.endpointToken),
        ConsistentRead: true,
      }),
    );
    if (endpoint.Item === undefined || endpoint.Item.liveShards !== undefined) return null;
    const unsharded = await this.createChecking(scope, webhook, now, 'item');
    return unsharded === 'unsharded' ? null : unsharded;
  }

  /**
   * The webhook's transaction, checking the endpoint's liveness on the shard its event picks or on
   * the endpoint item itself: 'unsharded' when that check failed.
   */
  private async createChecking(
    scope: Scope,
    webhook: Webhook,
    now: Date,
    on: 'shard' | 'item',
  ): Promise<LoadedWebhook | null | 'unsharded'> {
    // Both expire together after the retention; the expiry consumer takes the webhook out of the count.
    const expiresAt = toEpochSeconds(now) + this.ctx.retention.eventsSeconds;
    const tx = newTransaction<WebhookLabel>(this.ctx)
      .check(
        'endpoint',
        on === 'shard'
          ? {
              Key: keys.endpointLiveShard(
                scope,
                webhook.endpointToken,
                shardOfToken(webhook.eventToken, endpointLiveShards),
              ),
              ConditionExpression: 'attribute_exists(pk)',
            }
          : { Key: keys.webhookEndpoint(scope, webhook.endpointToken), ConditionExpression: endpointLive },
      )
      .put('once', {
        Item: {
          ...keys.endpointWebhook(scope, webhook.endpointToken, webhook.eventToken),
          _et: 'endpoint_webhook',
          webhookToken: webhook.token,
          expiresAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      })
      .put('webhook', {
        Item: {
          ...keys.webhook(scope, webhook.token),
          _et: 'webhook',
          webhook,
          ver: 1,
          expiresAt,
          ...listMembership(
            'gsi1',
            lists.webhooks(scope),
            listSortKey(now, webhook.token),
            webhookListShards,
          ),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      });
    countIn(tx, webhooksCounter(scope), 1);
    try {
      await tx.commit(this.ctx.doc);
      return { webhook, version: 1, leasedUntil: null };
    } catch (error) {
      const failed = tx.failedOn(error);
      if (failed?.label === 'endpoint') return 'unsharded';
      if (failed?.label === 'once') return this.get(scope, String(failed.item?.webhookToken));
      throw error;
    }
  }

  protected newLeaseId(): string {
    return randomUUID();
  }

  /**
   * The webhook, its event and its endpoint's record of it kept past the attempt asked for now and
   * the retries after it: each item's expiry pushed to the hold's end where it is sooner (so a
   * longer retention is never cut short), on AWS and locally alike, since both delete by
   * `expiresAt`. Three conditional updates, not a transaction: one item kept long enough already
   * must not stop the others.
   */
  async holdForDelivery(scope: Scope, webhookToken: string, now: Date): Promise<void> {
    const loaded = await this.get(scope, webhookToken);
    if (!loaded) return;
    const { webhook } = loaded;
    const until = toEpochSeconds(now) + deliveryHoldSeconds;
    await Promise.all(
      [
        keys.webhook(scope, webhook.token),
        keys.event(scope, webhook.eventToken),
        keys.endpointWebhook(scope, webhook.endpointToken, webhook.eventToken),
      ].map((key) => this.keepUntil(key, until)),
    );
  }

  /** The item's expiry moved on to `until` if sooner; a missing item is not made. */
  private async keepUntil(key: { pk: string; sk: string }, until: number): Promise<void> {
    try {
      await this.ctx.doc.send(
        new UpdateCommand({
          TableName: this.ctx.tableName,
          Key: key,
          UpdateExpression: 'SET expiresAt = :until',
          ConditionExpression: 'attribute_exists(pk) AND expiresAt < :until',
          ExpressionAttributeValues: { ':until': until },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /**
   * Every webhook of an endpoint, with its retry job, in batches. Run only once the endpoint is
   * marked deleting, so no new one appears; a batch that another run removed first is read again.
   * A webhook DynamoDB's TTL deleted already left the count through the expiry consumer: only those
   * still there are removed (under `attribute_exists`) and counted, so no deletion counts twice.
   */
  async deleteAllOf(scope: Scope, endpointToken: string): Promise<void> {
    for (;;) {
      const batch = await this.webhookTokensOf(scope, endpointToken, purgeBatch);
      if (batch.length === 0) return;
      const present = await this.presentWebhooks(
        scope,
        batch.map((b) => b.webhookToken),
      );
      const tx = newTransaction<WebhookLabel>(this.ctx);
      for (const { eventToken, webhookToken } of batch) {
        tx.delete('once', {
          Key: keys.endpointWebhook(scope, endpointToken, eventToken),
          ConditionExpression: 'attribute_exists(pk)',
        });
        if (present.has(webhookToken)) {
          tx.delete('webhook', {
            Key: keys.webhook(scope, webhookToken),
            ConditionExpression: 'attribute_exists(pk)',
          });
        }
        cancelIn(tx, jobKinds.webhookRetry, scope, webhookToken);
      }
      if (present.size > 0) countIn(tx, webhooksCounter(scope), -present.size);
      try {
        await tx.commit(this.ctx.doc);
      } catch (error) {
        // Another run took the batch first, or TTL took a webhook since it was read: read again.
        const failed = tx.failedOn(error)?.label;
        if (failed !== 'once' && failed !== 'webhook') throw error;
      }
    }
  }

  /**
   * Which of these webhooks are still there (strongly consistent). A key DynamoDB left unprocessed
   * counts as there: if it is not, the delete's condition fails and the batch is read again.
   */
  private async presentWebhooks(scope: Scope, webhookTokens: string[]): Promise<Set<string>> {
    const result = await this.ctx.doc.send(
      new BatchGetCommand({
        RequestItems: {
          [this.ctx.tableName]: {
            Keys: webhookTokens.map((token) => keys.webhook(scope, token)),
            ConsistentRead: true,
            ProjectionExpression: 'pk',
          },
        },
      }),
    );
    const found = new Set(
      [
        ...(result.Responses?.[this.ctx.tableName] ?? []),
        ...(result.UnprocessedKeys?.[this.ctx.tableName]?.Keys ?? []),
      ].map((item) => String(item.pk)),
    );
    return new Set(webhookTokens.filter((token) => found.has(keys.webhook(scope, token).pk)));
  }

  /** Up to `limit` of an endpoint's webhooks, from its own partition (strongly consistent). */
  private async webhookTokensOf(scope: Scope, endpointToken: string, limit: number) {
    const { pk } = keys.webhookEndpoint(scope, endpointToken);
    const result = await this.ctx.doc.send(
      new QueryCommand({
        TableName: this.ctx.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': keys.endpointWebhookPrefix },
        ConsistentRead: true,
        Limit: limit,
      }),
    );
    return (result.Items ?? []).map((item) => ({
      eventToken: String(item.sk).slice(keys.endpointWebhookPrefix.length),
      webhookToken: String(item.webhookToken),
    }));
  }
}
