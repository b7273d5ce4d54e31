import { DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { newEvent, type Scope, type WattleEvent } from '@wattle/domain';
import { fanOutEvent, fanOutOverdueEvents } from '@wattle/flows';
import type { DeliveryRequest } from '@wattle/ports';
import { composeDeps, randomIds } from '@wattle/runtime';
import { createStore } from '@wattle/store';
import { describe, expect, it } from 'vitest';
import { newTransaction } from '../../packages/store/src/kernel/context.ts';
import { recordEvent } from '../../packages/store/src/kernel/events-outbox.ts';
import { keys } from '../../packages/store/src/kernel/keys.ts';
import { watchedClient } from '../helpers/due-renewal.ts';
import { testDeps, useTable } from '../helpers/table.ts';

const table = useTable();
/** A second client on the table, its calls watched. */
const { doc, hooks } = watchedClient();
const start = new Date('2026-11-21T05:00:00Z');
const grace = 5 * 60_000;
const newScope = (): Scope => ({ accountId: randomIds.token('acct'), environment: 'test' });

/** An event as the outbox writes it, in a change's transaction, at `at`. */
const writeEvent = async (scope: Scope, at: Date): Promise<WattleEvent> => {
  const event = newEvent(randomIds, 'customer.created', { token: randomIds.token('cus') }, at.toISOString());
  await recordEvent(newTransaction(table.store.ctx), scope, event, at).commit(table.doc);
  return event;
};

const addEndpoint = (scope: Scope, n: number) =>
  table.store.webhookEndpoints.create(
    scope,
    {
      token: randomIds.token('whe'),
      key: 'k',
      url: `https://example.com/hooks/${n}`,
      createdAt: start.toISOString(),
      updatedAt: start.toISOString(),
    },
    start,
  );

/** The real store, and a webhooks queue that records what it is asked. */
const depsWithQueue = () => {
  const requested: DeliveryRequest[] = [];
  const deps = composeDeps({
    ...testDeps(table),
    deliveryQueue: {
      send: async (requests) => {
        requested.push(...requests);
      },
    },
  });
  return { deps, requested };
};

/** The event tokens of the merchant's fan-out markers in the table. */
const markersOf = async (scope: Scope): Promise<string[]> =>
  (
    (
      await table.doc.send(
        new ScanCommand({
          TableName: table.tableName,
          FilterExpression: '#et = :marker AND accountId = :account',
          ExpressionAttributeNames: { '#et': '_et' },
          ExpressionAttributeValues: { ':marker': 'fan_out_marker', ':account': scope.accountId },
          ConsistentRead: true,
        }),
      )
    ).Items ?? []
  )
    .sort((a, b) => String(a.sk).localeCompare(String(b.sk)))
    .map((item) => item.token as string);

const awaiting = async (scope: Scope, writtenBy: Date): Promise<string[]> =>
  (await table.store.events.awaitingFanOut(writtenBy))
    .filter((found) => found.scope.accountId === scope.accountId)
    .map((found) => found.event.token);

describe('an event awaiting its fan-out', () => {
  it('is found from its write on, whole, oldest first, until the fan-out is done', async () => {
    const scope = newScope();
    const first = await writeEvent(scope, start);
    const second = await writeEvent(scope, new Date(start.getTime() + 1000));
    expect(await awaiting(scope, new Date(start.getTime() - 1))).toEqual([]);
    expect(await awaiting(scope, start)).toEqual([first.token]);
    expect(await awaiting(scope, new Date(start.getTime() + 1000))).toEqual([first.token, second.token]);
    const found = (await table.store.events.awaitingFanOut(start)).find((e) => e.event.token === first.token);
    expect(found).toEqual({ scope, event: first });

    const { deps, requested } = depsWithQueue();
    await addEndpoint(scope, 1);
    await fanOutEvent(deps, { scope, event: first });
    expect(requested).toHaveLength(1);
    expect(await awaiting(scope, new Date(start.getTime() + 1000))).toEqual([second.token]);
    // The marker is gone; the event item stays as it was written.
    expect(await markersOf(scope)).toEqual([second.token]);
    expect(await table.store.events.get(scope, first.token)).toEqual(first);
  });

  it('is marked done harmlessly twice', async () => {
    const scope = newScope();
    const event = await writeEvent(scope, start);
    await table.store.events.fanOutDone(scope, event);
    await table.store.events.fanOutDone(scope, event);
    expect(await markersOf(scope)).toEqual([]);
    expect(await table.store.events.get(scope, event.token)).toEqual(event);
  });

  it('is ended with one delete where today’s code wrote it, none at the end of FANOUT#<n> (where the release before kept it)', async () => {
    const scope = newScope();
    const event = await writeEvent(scope, start);
    const watched = createStore(doc, table.tableName, table.store.ctx.cipher);
    hooks.reset();
    await watched.events.fanOutDone(scope, event);
    const deletes = hooks.calls
      .filter((call) => call.command === 'DeleteItem')
      .map((call) => String((call.input.Key as { pk: string }).pk));
    // A delete of a missing item is still a write: at FANOUT#<n>'s time-ordered end, one for every event.
    expect(deletes).toEqual([expect.stringMatching(/^DUE#\d$/)]);
    expect(await markersOf(scope)).toEqual([]);
  });

  it('whose event item is gone (expired) is not fanned out, and its marker goes', async () => {
    const scope = newScope();
    const event = await writeEvent(scope, start);
    await table.doc.send(
      new DeleteCommand({ TableName: table.tableName, Key: keys.event(scope, event.token) }),
    );
    expect(await awaiting(scope, start)).toEqual([]);
    expect(await markersOf(scope)).toEqual([]);
  });
});

describe('the fan-out of overdue events', () => {
  it('gives an event the stream lost one webhook per endpoint, racing the stream and another run', async () => {
    const scope = newScope();
    await addEndpoint(scope, 1);
    await addEndpoint(scope, 2);
    const lost = await writeEvent(scope, start);
    const late = await writeEvent(scope, start);
    const fresh = await writeEvent(scope, new Date(start.getTime() + grace));
    const { deps, requested } = depsWithQueue();
    const now = new Date(start.getTime() + grace);
    // The stream's message for `late` arrives while two scheduler runs go.
    await Promise.all([
      fanOutOverdueEvents(deps, now, { graceMs: grace }),
      fanOutOverdueEvents(deps, now, { graceMs: grace }),
      fanOutEvent(deps, { scope, event: late }),
    ]);
    const webhooks = (await table.store.webhooks.list(scope, 1)).items;
    const pairs = webhooks.map((w) => `${w.eventToken} ${w.endpointToken}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(webhooks.filter((w) => w.eventToken === lost.token)).toHaveLength(2);
    expect(webhooks.filter((w) => w.eventToken === late.token)).toHaveLength(2);
    // Inside its grace period: left to the stream.
    expect(webhooks.filter((w) => w.eventToken === fresh.token)).toHaveLength(0);
    expect(new Set(requested.map((r) => r.webhookToken))).toEqual(new Set(webhooks.map((w) => w.token)));
    expect(await awaiting(scope, now)).toEqual([fresh.token]);
  });
});

describe('several events in one change', () => {
  it('commit together whatever counter shard each would pick, and count each once', async () => {
    const scope = newScope();
    // Two events of one transaction (a declined renewal records renewal_failed and cancelled):
    // each names the events count, on one of its shards; twenty changes meet every pairing.
    for (let i = 0; i < 20; i++) {
      const tx = newTransaction(table.store.ctx);
      for (const type of ['subscription.renewal_failed', 'subscription.cancelled'] as const)
        recordEvent(
          tx,
          scope,
          newEvent(randomIds, type, { token: randomIds.token('sub') }, start.toISOString()),
          start,
        );
      await tx.commit(table.doc);
    }
    expect((await table.store.events.list(scope, 1)).total).toBe(40);
  });
});
