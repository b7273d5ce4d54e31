import type { WattleEvent } from '@wattle/domain';
import {
  createStore,
  migrations as everyMigration,
  revertMigrations,
  runMigrations,
  tableStatus,
} from '@wattle/store';
import { describe, expect, it } from 'vitest';
import { fanOutMarkers } from '../../packages/store/src/migrations/fan-out-markers.ts';
import { itemsBefore } from '../fixtures/fan-out-markers-before/items.ts';
import { watchedClient } from '../helpers/due-renewal.ts';
import { loadItems, scanTable, type TestTable, useTable } from '../helpers/table.ts';

const afterEverything = new Date('2031-01-01T00:00:00Z');
/** The registry up to this one: the table at version 4, as its release left it. */
const migrations = everyMigration.slice(0, 4);
const markersBefore = itemsBefore.filter((item) => item._et === 'fan_out_marker');
const eventsBefore = itemsBefore.filter((item) => item._et === 'event');

const load = (table: TestTable) => loadItems(table, itemsBefore);

/** Every fan-out marker of the table (a consistent Scan). */
const markers = (table: TestTable) => scanTable(table, (item) => item._et === 'fan_out_marker');

/** The tokens of the events awaiting their fan-out, as today's scheduler finds them. */
const awaiting = async (table: TestTable) =>
  (await table.store.events.awaitingFanOut(afterEverything, 100)).map(({ event }) => event.token);

/** The fixture's events, oldest first. */
const tokensBefore = eventsBefore
  .slice()
  .sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)))
  .map((item) => String(item.pk).split('#')[2]);

describe('migration 4: the fan-out markers into the due partitions, on markers the code before wrote', () => {
  const table = useTable();
  const { doc, hooks } = watchedClient();
  const faulty = createStore(doc, table.tableName, table.store.ctx.cipher);

  it('moves each marker once, resuming from its progress item; the scheduler then finds every event', async () => {
    await load(table);
    // Not moved yet: today's scheduler reads the due partitions only, and the markers wait.
    expect(await awaiting(table)).toEqual([]);

    // The third move fails, as a crash there would: pages of two items (of every kind), some saved.
    let moves = 0;
    hooks.fault = (call) =>
      call.command === 'TransactWriteItems' && ++moves === 3 ? new Error('crashed half way') : undefined;
    await expect(runMigrations(faulty.ctx, migrations, { pageSize: 2 })).rejects.toThrow('crashed half way');
    const stopped = (await tableStatus(table.store.ctx, migrations)).migrations[3]!;
    expect(stopped.state).toBe('running');
    expect(stopped.counts.moved ?? 0).toBeLessThan(markersBefore.length);
    expect(stopped.cursor).toBeDefined();
    hooks.reset();

    const status = await runMigrations(table.store.ctx, migrations, { pageSize: 2 });
    expect(status.version).toBe(4);
    // The page the crash cut short is read again: a marker it moved is then current, not moved
    // twice (and the Scan may meet a moved marker again in its due partition: current too).
    expect(status.migrations[3]?.state).toBe('done');
    expect(status.migrations[3]!.counts.moved).toBeLessThanOrEqual(markersBefore.length);
    const moved = await markers(table);
    expect(moved).toHaveLength(markersBefore.length);
    expect(moved.every((item) => /^DUE#\d$/.test(String(item.pk)))).toBe(true);

    // Every event found, oldest first, and each fan-out's end takes its marker.
    expect(await awaiting(table)).toEqual(tokensBefore);
    const found = await table.store.events.awaitingFanOut(afterEverything, 100);
    for (const { scope, event } of found) await table.store.events.fanOutDone(scope, event);
    expect(await awaiting(table)).toEqual([]);
    expect(await markers(table)).toEqual([]);
  });

  it('is rolled back to the markers the release before wrote, exactly, and runs again', async () => {
    await load(table);
    // The test before left version 4: back to 3 first (nothing to move back), then forward.
    await revertMigrations(table.store.ctx, migrations, 3);
    await runMigrations(table.store.ctx, migrations);
    expect((await markers(table)).every((item) => String(item.pk).startsWith('DUE#'))).toBe(true);
    const back = await revertMigrations(table.store.ctx, migrations, 3, { pageSize: 2 });
    expect(back.version).toBe(3);
    expect(back.migrations[3]).toMatchObject({ state: 'pending' });
    expect(await markers(table)).toEqual(
      markersBefore.slice().sort((a, b) => `${a.pk}${a.sk}`.localeCompare(`${b.pk}${b.sk}`)),
    );
    const again = await runMigrations(table.store.ctx, migrations);
    expect(again.version).toBe(4);
    expect(await awaiting(table)).toEqual(tokensBefore);
  });

  it('leaves no marker behind a fan-out today’s code ends before the marker was moved', async () => {
    const table2 = table;
    await revertMigrations(table2.store.ctx, migrations, 3);
    const [first] = (await markers(table2)).filter((item) => String(item.pk).startsWith('FANOUT#'));
    const scope = { accountId: String(first!.accountId), environment: first!.environment as 'test' | 'live' };
    const event = (await table2.store.events.get(scope, String(first!.token))) as WattleEvent;
    await table2.store.events.fanOutDone(scope, event);
    expect((await markers(table2)).map((item) => item.token)).not.toContain(first!.token);
    await runMigrations(table2.store.ctx, migrations);
    expect(await awaiting(table2)).toEqual(tokensBefore.filter((token) => token !== first!.token));
  });
});

it('is in the registry as version 4', () => {
  expect(everyMigration[3]).toBe(fanOutMarkers);
});
