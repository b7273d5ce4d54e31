import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  newWebhook,
  replayedWebhook,
  type Scope,
  type WebhookEndpoint,
  webhookAccepted,
} from '@wattle/domain';
import { type JobHandler, purgeWebhookEndpoint } from '@wattle/flows';
import { Changed, endpointDeletionStart, jobKinds } from '@wattle/ports';
import { type RuntimeDeps, randomIds } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { newTransaction } from '../../packages/store/src/kernel/context.ts';
import { keys } from '../../packages/store/src/kernel/keys.ts';
import { jobKey, scheduleIn } from '../../packages/store/src/kernel/schedule.ts';
import { endpointLiveShards } from '../../packages/store/src/repos/endpoint-liveness.ts';
import { StoreWrites } from '../../packages/store/src/repos/store-writes.ts';
import { itemsBefore } from '../fixtures/endpoints-before-live-shards/items.ts';
import { itemWrites, observeCalls } from '../helpers/dynamodb-calls.ts';
import { testDeps, useTable } from '../helpers/table.ts';

const table = useTable();
const now = new Date('2026-11-21T05:00:00Z');
const newScope = (): Scope => ({ accountId: randomIds.token('acct'), environment: 'test' });

const newEndpoint = async (scope: Scope): Promise<WebhookEndpoint> => {
  const endpoint = {
    token: randomIds.token('whe'),
    key: 'k',
    url: 'https://example.com/hooks',
    createdAt: '2026-11-21T05:00:00Z',
    updatedAt: '2026-11-21T05:00:00Z',
  };
  await table.store.webhookEndpoints.create(scope, endpoint, now);
  return endpoint;
};

const webhookFor = (endpoint: WebhookEndpoint, eventToken = randomIds.token('evt')) =>
  newWebhook(randomIds, endpoint, eventToken, '2026-11-21T05:00:00Z');

/** What the first transaction of an endpoint's deletion leaves, as if the request died right after. */
const markDeleting = (scope: Scope, endpointToken: string) =>
  new StoreWrites(table.store.ctx).commit(scope, endpointDeletionStart(scope, endpointToken, now), now);

const itemExists = async (key: { pk: string; sk: string }): Promise<boolean> =>
  (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true })))
    .Item !== undefined;

describe('webhook endpoints in the table', () => {
  it("read whole for an event's fan-out in one Query, without the list's count, none being deleted", async () => {
    const scope = newScope();
    const [first, second, deleting] = [
      await newEndpoint(scope),
      await newEndpoint(scope),
      await newEndpoint(scope),
    ];
    await markDeleting(scope, deleting!.token);
    const operations: string[] = [];
    const stop = observeCalls(table.doc, async (call, send) => {
      operations.push(call.operation);
      return send(call.input);
    });
    try {
      const live = await table.store.webhookEndpoints.live(scope);
      expect(new Set(live.map((endpoint) => endpoint.token))).toEqual(new Set([first!.token, second!.token]));
    } finally {
      stop();
    }
    expect(operations).toEqual(['Query']);
  });
});

describe('webhooks in the table', () => {
  it('are made once per event and endpoint, however many deliveries race to make them', async () => {
    const scope = newScope();
    const endpoint = await newEndpoint(scope);
    const eventToken = randomIds.token('evt');
    const made = await Promise.all(
      Array.from({ length: 5 }, () =>
        table.store.webhooks.createForEvent(scope, webhookFor(endpoint, eventToken), now),
      ),
    );
    expect(new Set(made.map((loaded) => loaded!.webhook.token)).size).toBe(1);
    const list = await table.store.webhooks.list(scope, 1);
    expect(list.total).toBe(1);
    expect(list.items).toEqual([made[0]!.webhook]);
  });

  it('are not made for an endpoint that is gone or being deleted', async () => {
    const scope = newScope();
    const endpoint = await newEndpoint(scope);
    await markDeleting(scope, endpoint.token);
    expect(await table.store.webhooks.createForEvent(scope, webhookFor(endpoint), now)).toBeNull();
    expect(await table.store.webhookEndpoints.get(scope, endpoint.token)).toBeNull();
    const gone = { ...endpoint, token: randomIds.token('whe') };
    expect(await table.store.webhooks.createForEvent(scope, webhookFor(gone), now)).toBeNull();
  });

  it('are held by one delivery attempt at a time; only its holder records the outcome', async () => {
    const scope = newScope();
    const endpoint = await newEndpoint(scope);
    const loaded = (await table.store.webhooks.createForEvent(scope, webhookFor(endpoint), now))!;
    const [a, b] = await Promise.all([
      table.store.webhooks.lease(scope, loaded, now),
      table.store.webhooks.lease(scope, loaded, now),
    ]);
    const lease = (a ?? b)!;
    expect([a, b].filter((l) => l !== null)).toHaveLength(1);

    const held = (await table.store.webhooks.get(scope, loaded.webhook.token))!;
    expect(held.leasedUntil).toEqual(new Date(now.getTime() + 30_000));
    // A replay while it is held is refused: the webhook changed (an attempt holds it).
    await expect(
      table.store.webhooks.replay(scope, held, replayedWebhook(held.webhook), now, now),
    ).rejects.toBeInstanceOf(Changed);

    const accepted = webhookAccepted(loaded.webhook, '2026-11-21T05:00:01Z');
    expect(await table.store.webhooks.recordAttempt(scope, { ...lease, leaseId: 'stale' }, accepted)).toBe(
      false,
    );
    expect(await table.store.webhooks.recordAttempt(scope, lease, accepted)).toBe(true);
    const done = (await table.store.webhooks.get(scope, loaded.webhook.token))!;
    expect(done).toMatchObject({ webhook: accepted, leasedUntil: null });
    expect(await table.store.webhooks.recordAttempt(scope, lease, accepted)).toBe(false);
  });

  it('go with their endpoint, more than one transaction holds, retry jobs included', async () => {
    const scope = newScope();
    const endpoint = await newEndpoint(scope);
    const other = await newEndpoint(scope);
    const made = [];
    for (let i = 0; i < 70; i++)
      made.push((await table.store.webhooks.createForEvent(scope, webhookFor(endpoint), now))!);
    const kept = (await table.store.webhooks.createForEvent(scope, webhookFor(other), now))!;
    const retry = (token: string) => ({ kind: jobKinds.webhookRetry, scope, token, dueAt: now });
    const tx = newTransaction(table.store.ctx);
    for (const loaded of made.slice(0, 3)) scheduleIn(tx, retry(loaded.webhook.token));
    await tx.commit(table.doc);

    await table.store.webhookEndpoints.delete(scope, endpoint.token, now);

    expect(await table.store.webhookEndpoints.get(scope, endpoint.token)).toBeNull();
    expect(await itemExists(keys.webhookEndpoint(scope, endpoint.token))).toBe(false);
    const after = await Promise.all(
      made.map((loaded) => table.store.webhooks.get(scope, loaded.webhook.token)),
    );
    expect(after.every((loaded) => loaded === null)).toBe(true);
    for (const loaded of made.slice(0, 3))
      expect(await itemExists(jobKey(jobKinds.webhookRetry, scope, loaded.webhook.token))).toBe(false);
    expect(await itemExists(jobKey(jobKinds.endpointPurge, scope, endpoint.token))).toBe(false);
    const left = await table.store.webhooks.list(scope, 1);
    expect(left).toEqual({ items: [kept.webhook], total: 1 });
    expect((await table.store.webhookEndpoints.list(scope, 1)).total).toBe(1);
  });

  it('are finished off by the purge job when a deletion stopped half-way', async () => {
    const scope = newScope();
    const endpoint = await newEndpoint(scope);
    for (let i = 0; i < 3; i++) await table.store.webhooks.createForEvent(scope, webhookFor(endpoint), now);
    await markDeleting(scope, endpoint.token);
    const dueAt = new Date(now.getTime() + 600_000);
    await scheduleIn(newTransaction(table.store.ctx), {
      kind: jobKinds.endpointPurge,
      scope,
      token: endpoint.token,
      dueAt,
    }).commit(table.doc);

    const handlers = {
      [jobKinds.endpointPurge]: (job, deps) => purgeWebhookEndpoint(deps, job),
    } satisfies Record<string, JobHandler<RuntimeDeps>>;
    const summary = await runDueJobs(testDeps(table), dueAt, handlers);
    expect(summary.failed).toBe(0);
    expect(await itemExists(keys.webhookEndpoint(scope, endpoint.token))).toBe(false);
    expect(await table.store.webhooks.list(scope, 1)).toEqual({ items: [], total: 0 });
    expect(await itemExists(jobKey(jobKinds.endpointPurge, scope, endpoint.token))).toBe(false);
  });
});

/** The keys of the items a call's transaction condition-checks. */
const checkedKeys = (operation: string, input: Record<string, unknown>): string[] =>
  itemWrites(operation, input)
    .filter((write) => write.action === 'ConditionCheck')
    .map((write) => `${write.key.pk.S} / ${write.key.sk.S}`);

describe("an endpoint's liveness, checked by every webhook made for it", () => {
  it('is one of its shards, chosen by the event: no one item takes every webhook’s check', async () => {
    const scope = newScope();
    const endpoint = await newEndpoint(scope);
    const checked: string[] = [];
    const stop = observeCalls(table.doc, async (call, send) => {
      checked.push(...checkedKeys(call.operation, call.input));
      return send(call.input);
    });
    const events = 64;
    try {
      for (let n = 0; n < events; n++) {
        const eventToken = `evt_liveShards${String(n).padStart(12, '0')}`;
        expect(
          await table.store.webhooks.createForEvent(scope, webhookFor(endpoint, eventToken), now),
        ).not.toBeNull();
      }
    } finally {
      stop();
    }
    expect(checked).toHaveLength(events);
    const endpointItem = keys.webhookEndpoint(scope, endpoint.token);
    expect(checked).not.toContain(`${endpointItem.pk} / ${endpointItem.sk}`);
    const perItem = new Map<string, number>();
    for (const key of checked) perItem.set(key, (perItem.get(key) ?? 0) + 1);
    // Every shard takes a share, and the busiest under a quarter of the checks (a hash of 64 tokens).
    expect(perItem.size).toBe(endpointLiveShards);
    expect(Math.max(...perItem.values())).toBeLessThan(events / 4);
    expect((await table.store.webhooks.list(scope, 1)).total).toBe(events);
  });

  it.each([
    ['the deletion lands first', 'deletion'],
    ['the webhook lands first', 'webhook'],
  ] as const)(
    'leaves a deleted endpoint no webhook of a charge racing its deletion: %s',
    async (_, first) => {
      const scope = newScope();
      const endpoint = await newEndpoint(scope);
      // The fan-out found the endpoint live; its webhook's transaction and the deletion's first one
      // are then both on their way, and one is held back until the other has landed.
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holdFirst = first === 'deletion' ? 'webhook' : 'deletion';
      const stop = observeCalls(table.doc, async (call, send) => {
        if (call.operation !== 'TransactWriteItems') return send(call.input);
        const ofWebhook = itemWrites(call.operation, call.input).some((w) => w.key.sk.S === 'WEBHOOK');
        const ofDeletion = itemWrites(call.operation, call.input).some(
          (w) => w.action === 'Update' && w.key.sk.S === 'WEBHOOK_ENDPOINT',
        );
        if ((holdFirst === 'webhook' && ofWebhook) || (holdFirst === 'deletion' && ofDeletion))
          await released;
        const result = await send(call.input);
        if ((holdFirst === 'webhook' && ofDeletion) || (holdFirst === 'deletion' && ofWebhook)) release();
        return result;
      });
      try {
        const [made] = await Promise.all([
          table.store.webhooks.createForEvent(scope, webhookFor(endpoint), now),
          table.store.webhookEndpoints.delete(scope, endpoint.token, now),
        ]);
        if (first === 'deletion') expect(made).toBeNull();
      } finally {
        stop();
      }
      expect(await table.store.webhooks.list(scope, 1)).toEqual({ items: [], total: 0 });
      expect(await table.store.webhookEndpoints.list(scope, 1)).toEqual({ items: [], total: 0 });
      expect(await table.store.webhooks.createForEvent(scope, webhookFor(endpoint), now)).toBeNull();
    },
  );

  it('is the endpoint item itself for an endpoint stored before its shards, until migrated', async () => {
    for (const item of itemsBefore)
      await table.doc.send(new PutCommand({ TableName: table.tableName, Item: item }));
    const [one, two] = itemsBefore
      .filter((item) => item._et === 'webhook_endpoint')
      .map((item) => item.endpoint as WebhookEndpoint);
    const scope: Scope = { accountId: 'acct_beforeEndpoints', environment: 'test' };
    const made = await table.store.webhooks.createForEvent(scope, webhookFor(one!), now);
    expect(made).not.toBeNull();
    await table.store.webhookEndpoints.delete(scope, two!.token, now);
    expect(await table.store.webhooks.createForEvent(scope, webhookFor(two!), now)).toBeNull();
    expect(await table.store.webhooks.list(scope, 1)).toEqual({ items: [made!.webhook], total: 1 });
    expect((await table.store.webhookEndpoints.list(scope, 1)).items).toEqual([one]);
  });
});

describe("a merchant's webhooks list", () => {
  it('spreads over enough index partitions and count items for five endpoints at a thousand charges a second', async () => {
    // Each webhook's list entry is written three times (made, leased, outcome), 2 units each in a
    // transaction: five endpoints at 1,000 charges a second write 30,000 units a second into the
    // list, which needs at least 30 index partitions of 1,000 each.
    const scope = newScope();
    const endpoints = [];
    for (let n = 0; n < 5; n++) endpoints.push(await newEndpoint(scope));
    const partitions = new Set<string>();
    const countShards = new Set<string>();
    const stop = observeCalls(table.doc, async (call, send) => {
      for (const write of itemWrites(call.operation, call.input)) {
        if (write.item?.gsi1pk?.S) partitions.add(write.item.gsi1pk.S);
        if (write.action === 'Update' && write.key.pk.S?.endsWith('#webhooks'))
          countShards.add(String(write.key.sk.S));
      }
      return send(call.input);
    });
    try {
      for (let event = 0; event < 80; event++)
        await Promise.all(
          endpoints.map((endpoint) => table.store.webhooks.createForEvent(scope, webhookFor(endpoint), now)),
        );
    } finally {
      stop();
    }
    expect(partitions.size).toBeGreaterThanOrEqual(30);
    // Its count moves once a webhook (2 units): 10,000 units a second over at least 10 items.
    expect(countShards.size).toBeGreaterThanOrEqual(10);
    const list = await table.store.webhooks.list(scope, 1);
    expect(list.total).toBe(400);
    expect(list.items).toHaveLength(25);
  });
});
