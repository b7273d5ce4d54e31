import { newEvent, type Payment, type Scope, settlementOf } from '@wattle/domain';
import { jobKinds } from '@wattle/ports';
import { randomIds } from '@wattle/runtime';
import {
  createStore,
  localCardCipher,
  migrations,
  revertMigrations,
  runMigrations,
  tableStatus,
} from '@wattle/store';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { recoveryDueItems } from '../../packages/store/src/migrations/recovery-due-items.ts';
import { itemsBefore } from '../fixtures/recovery-due-before/items.ts';
import { watchedClient } from '../helpers/due-renewal.ts';
import { loadItems, scanTable, type TestTable, testDeps, useTable } from '../helpers/table.ts';

const afterEverything = new Date('2031-01-01T00:00:00Z');
/** The fixture's recovery due items, as the release before wrote them (time-ordered in DUE#<n>). */
const dueBefore = itemsBefore.filter((item) => item.kind === jobKinds.paymentRecovery);
const byKey = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  `${a.pk}${a.sk}`.localeCompare(`${b.pk}${b.sk}`);

/** The fixture's card key (make-fixture.ts): the payments' sealed numbers open with it. */
const withFixtureKey = (table: TestTable): TestTable => ({
  ...table,
  store: createStore(table.doc, table.tableName, localCardCipher(Buffer.alloc(32, 7))),
});

const load = (table: TestTable) => loadItems(table, itemsBefore);

/** Every recovery due item of the table, in either layout (a consistent Scan). */
const recoveryItems = (table: TestTable) =>
  scanTable(table, (item) => item.kind === jobKinds.paymentRecovery || item._et === 'recovery_due');

/** The payments whose recovery today's scheduler finds due (every kind asked, as it asks). */
const dueTokens = async (table: TestTable) =>
  (await table.store.schedule.due(Object.values(jobKinds), afterEverything, 1000))
    .filter((job) => job.kind === jobKinds.paymentRecovery)
    .map((job) => job.token);

/** The fixture's payments, oldest first. */
const tokensBefore = dueBefore
  .slice()
  .sort((a, b) => String(a.dueAt).localeCompare(String(b.dueAt)))
  .map((item) => String(item.token));

const scopeOf = (item: Record<string, unknown>): Scope => ({
  accountId: String(item.accountId),
  environment: item.environment as Scope['environment'],
});

/** The settlement of a reserved charge as the request that reserved it makes it (its job removed). */
const settle = async (table: TestTable, item: Record<string, unknown>) => {
  const scope = scopeOf(item);
  const reserved = (await table.store.payments.get(scope, String(item.token))) as Payment;
  const now = new Date('2030-01-01T00:00:30Z');
  await table.store.payments.commit(
    scope,
    settlementOf({
      before: reserved,
      after: { ...reserved, state: 'captured', capturedAt: reserved.createdAt },
      event: newEvent(randomIds, 'charge.captured', { token: reserved.token }, reserved.createdAt),
      recovery: { by: 'own' },
      now,
    }),
    now,
  );
};

describe('migration 5: the payments’ recovery due items named by their payment, on items the code before wrote', () => {
  const shared = useTable();
  const { doc, hooks } = watchedClient();

  it('moves each item once, resuming from its progress item; the scheduler then recovers every payment once', async () => {
    const table = withFixtureKey(shared);
    await load(table);
    await runMigrations(table.store.ctx, migrations.slice(0, 4));
    // Not moved yet: today's scheduler takes no recovery item in the time-ordered layout (its
    // claim names the payment's key), and the items wait for the migration.
    expect(await dueTokens(table)).toEqual([]);

    // The third move fails, as a crash there would: pages of two items (of every kind), some saved.
    let moves = 0;
    hooks.fault = (call) =>
      call.command === 'TransactWriteItems' && ++moves === 3 ? new Error('crashed half way') : undefined;
    const faulty = createStore(doc, table.tableName, table.store.ctx.cipher);
    await expect(runMigrations(faulty.ctx, migrations, { pageSize: 2 })).rejects.toThrow('crashed half way');
    const stopped = (await tableStatus(table.store.ctx, migrations)).migrations[4]!;
    expect(stopped.state).toBe('running');
    expect(stopped.counts.moved ?? 0).toBeLessThan(dueBefore.length);
    expect(stopped.cursor).toBeDefined();
    hooks.reset();

    const status = await runMigrations(table.store.ctx, migrations, { pageSize: 2 });
    expect(status.version).toBe(5);
    expect(status.migrations[4]?.state).toBe('done');
    const moved = await recoveryItems(table);
    expect(moved).toHaveLength(dueBefore.length);
    // In its due partition, before every due time, named by its payment; and with no `kind`: the
    // release before takes every item of its first page with a wanted kind as due, at once.
    for (const item of moved) {
      expect(item.pk).toMatch(/^DUE#\d$/);
      expect(String(item.sk)).toMatch(/^!RECOVERY#acct_beforeRecovery#(test|live)#ch_before/);
      expect(item.kind).toBeUndefined();
      expect(item._et).toBe('recovery_due');
    }
    expect(await dueTokens(table)).toEqual(tokensBefore);

    // Two runs at once recover each payment once: captured, or declined (the 4100… card).
    const runs = await Promise.all([
      runDueJobs(testDeps(table), afterEverything, jobHandlers),
      runDueJobs(testDeps(table), afterEverything, jobHandlers),
    ]);
    expect(runs.reduce((n, r) => n + r.done, 0)).toBeGreaterThanOrEqual(dueBefore.length);
    for (const item of dueBefore) {
      const payment = await table.store.payments.get(scopeOf(item), String(item.token));
      expect(payment?.state).toBe(String(item.token).includes('2') ? 'failed' : 'captured');
    }
    expect(await recoveryItems(table)).toEqual([]);
    expect(await dueTokens(table)).toEqual([]);
  });

  it('is rolled back to the items the release before wrote, exactly, and runs again', async () => {
    const table = withFixtureKey(shared);
    await load(table);
    await revertMigrations(table.store.ctx, migrations, 4);
    await runMigrations(table.store.ctx, migrations);
    expect((await recoveryItems(table)).every((item) => item._et === 'recovery_due')).toBe(true);
    const back = await revertMigrations(table.store.ctx, migrations, 4, { pageSize: 2 });
    expect(back.version).toBe(4);
    expect(back.migrations[4]).toMatchObject({ state: 'pending' });
    expect(await recoveryItems(table)).toEqual(dueBefore.slice().sort(byKey));
    const again = await runMigrations(table.store.ctx, migrations);
    expect(again.version).toBe(5);
    expect(await dueTokens(table)).toEqual(tokensBefore);
  });

  it('leaves no item behind a settlement by today’s code, before the migration moved it or after', async () => {
    const table = withFixtureKey(shared);
    await revertMigrations(table.store.ctx, migrations, 4);
    const [first, second] = dueBefore;
    await settle(table, first!);
    expect((await recoveryItems(table)).map((item) => item.token)).not.toContain(first!.token);
    await runMigrations(table.store.ctx, migrations);
    await settle(table, second!);
    expect((await recoveryItems(table)).map((item) => item.token)).not.toContain(second!.token);
    expect(await dueTokens(table)).toEqual(
      tokensBefore.filter((token) => token !== first!.token && token !== second!.token),
    );
  });
});

it('is in the registry as version 5', () => {
  expect(migrations[4]).toBe(recoveryDueItems);
});
