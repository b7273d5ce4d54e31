import { DeleteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  newCard,
  newEvent,
  type Payment,
  reservationOf,
  type Scope,
  settlementOf,
  toTimestamp,
} from '@wattle/domain';
import { jobKinds } from '@wattle/ports';
import { randomIds } from '@wattle/runtime';
import { createStore } from '@wattle/store';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { duePartitions } from '../../packages/store/src/migrations/due-partitions.ts';
import { recoveryDueItems } from '../../packages/store/src/migrations/recovery-due-items.ts';
import { visitAll } from '../../packages/store/src/migrations/runner.ts';
import { aCardDetails, aPayment } from '../helpers/builders.ts';
import { watchedClient } from '../helpers/due-renewal.ts';
import { testDeps, useTable } from '../helpers/table.ts';

const table = useTable();
const scope: Scope = { accountId: 'acct_recovery', environment: 'test' };

const deps = () => testDeps(table);
/** A second client on the table, its calls watched. */
const { doc, hooks } = watchedClient();

/** A charge reserved as createPayment reserves it, as if the function died right after. */
const reserveAndCrash = async (number: string): Promise<Payment> => {
  const now = new Date();
  const card = newCard(aCardDetails(number), randomIds.token('card'), toTimestamp(now));
  const sealed = await table.store.cardTokens.seal(scope, card, number);
  const payment = aPayment({
    token: randomIds.token('ch'),
    state: 'processing',
    captureOnSuccess: true,
    description: 'Recovered',
    card,
    createdAt: toTimestamp(now),
    expiresAt: null,
    totalFees: null,
  });
  await table.store.payments.commit(
    scope,
    reservationOf({
      payment,
      sealedNumber: sealed.sealedNumber,
      uses: { cardToken: null, paymentSourceToken: null },
      recovery: 'own',
    }),
    now,
  );
  return payment;
};

describe('payment recovery', () => {
  it('keeps a reserved payment out of the lists until it is settled', async () => {
    const reserved = await reserveAndCrash('4200000000000000');
    const listed = await table.store.payments.list(scope, 'charge', 1);
    expect(listed.items.map((p) => p.token)).not.toContain(reserved.token);
  });

  it('finishes payments a crash left processing, once, with their events', async () => {
    const approved = await reserveAndCrash('4200000000000000');
    const declined = await reserveAndCrash('4100000000000001');
    const later = new Date(Date.now() + 5 * 60 * 1000);
    const runs = await Promise.all([
      runDueJobs(deps(), later, jobHandlers),
      runDueJobs(deps(), later, jobHandlers),
    ]);
    expect(runs.reduce((n, r) => n + r.done, 0)).toBeGreaterThanOrEqual(2);

    expect(await table.store.payments.get(scope, approved.token)).toMatchObject({
      state: 'captured',
      totalFees: 48,
    });
    expect(await table.store.payments.get(scope, declined.token)).toMatchObject({
      state: 'failed',
      decline: 'card_declined',
    });
    expect(await table.store.payments.sealedSecretsOf(scope, approved.token)).toBeNull();
    const listed = (await table.store.payments.list(scope, 'charge', 1)).items.map((p) => p.token);
    expect(listed).toEqual(expect.arrayContaining([approved.token, declined.token]));
    const events = (await table.store.events.list(scope, 1)).items.filter((e) =>
      [approved.token, declined.token].includes((e.data as { token: string }).token),
    );
    expect(events.map((e) => e.type).sort()).toEqual(['charge.captured', 'charge.failed']);
    expect(await table.store.schedule.due(jobKinds.paymentRecovery, later)).toEqual([]);
  });

  it('keeps the recovery job as a due item named by its payment in no index, removed by the settlement', async () => {
    const reserved = await reserveAndCrash('4200000000000000');
    const jobs = await jobItemsOf(reserved.token);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.pk).toMatch(/^DUE#\d$/);
    // Before every due time, named by the payment (migration 5), and with no kind the release
    // before would take as due at once.
    expect(jobs[0]?.sk).toBe(
      `!RECOVERY#${scope.accountId}#${scope.environment}#${reserved.token}#${jobs[0]?.dueAt}`,
    );
    expect(jobs[0]?.kind).toBeUndefined();
    expect(Object.keys(jobs[0] ?? {}).filter((name) => name.startsWith('gsi'))).toEqual([]);

    const now = new Date();
    await settle(table.store, reserved, now);
    expect(await jobItemsOf(reserved.token)).toEqual([]);
  });

  it('removes the recovery item in one write where the request that reserved the charge wrote it, when that request settles it', async () => {
    const reserved = await reserveAndCrash('4200000000000000');
    const watched = createStore(doc, table.tableName, table.store.ctx.cipher);
    hooks.reset();
    await settle(watched, reserved, new Date(), new Date(reserved.createdAt));
    const [write] = hooks.calls.filter((call) => call.command === 'TransactWriteItems');
    const dueDeletes = (write!.input.TransactItems as { Delete?: { Key: { pk: string; sk: string } } }[])
      .flatMap((item) => (item.Delete ? [item.Delete.Key] : []))
      .filter((key) => key.pk.startsWith('DUE#'));
    // Not at the end of a partition of items named by time (DUE#<n> / <time>…,
    // DUE#payment-recovery#<n>), which every charge would write: only where this code writes it.
    expect(dueDeletes).toEqual([
      { pk: expect.stringMatching(/^DUE#\d$/), sk: expect.stringMatching(/^!RECOVERY#/) },
    ]);
    expect(await jobItemsOf(reserved.token)).toEqual([]);
  });

  it('recovers a payment whose job was written before, as an indexed job item, once migrations 1 and 5 moved it', async () => {
    const reserved = await reserveAndCrash('4200000000000000');
    const [due] = await jobItemsOf(reserved.token);
    // The job as reservations wrote it before: its own item, due on gsi3.
    await table.doc.send(
      new DeleteCommand({ TableName: table.tableName, Key: { pk: due?.pk, sk: due?.sk } }),
    );
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          pk: `JOB#payment-recovery#${scope.accountId}#${scope.environment}#${reserved.token}`,
          sk: 'JOB',
          _et: 'job',
          kind: 'payment-recovery',
          accountId: scope.accountId,
          environment: scope.environment,
          token: reserved.token,
          dueAt: due?.dueAt,
          data: {},
          gsi3pk: `DUE#payment-recovery#${String(due?.pk).slice(-1)}`,
          gsi3sk: `${due?.dueAt}#${reserved.token}`,
        },
      }),
    );
    await visitAll(table.store.ctx, duePartitions);
    await visitAll(table.store.ctx, recoveryDueItems);
    const later = new Date(Date.now() + 5 * 60 * 1000);
    await Promise.all([runDueJobs(deps(), later, jobHandlers), runDueJobs(deps(), later, jobHandlers)]);
    expect(await table.store.payments.get(scope, reserved.token)).toMatchObject({ state: 'captured' });
    expect(await jobItemsOf(reserved.token)).toEqual([]);
    const events = (await table.store.events.list(scope, 1)).items.filter(
      (e) => (e.data as { token: string }).token === reserved.token,
    );
    expect(events.map((e) => e.type)).toEqual(['charge.captured']);
  });
});

/** The payment's recovery job items, wherever kept (a due item, or a job item written before). */
const jobItemsOf = async (token: string): Promise<Record<string, unknown>[]> =>
  (
    await table.doc.send(
      new ScanCommand({
        TableName: table.tableName,
        FilterExpression: '(#et = :job OR #et = :due) AND #token = :token',
        ExpressionAttributeNames: { '#et': '_et', '#token': 'token' },
        ExpressionAttributeValues: { ':job': 'job', ':due': 'recovery_due', ':token': token },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/**
 * The settlement of a reserved charge: by the request that reserved it when `reservedAt` is given
 * (it reserved it then), else by another (a retry, or the same after a crash).
 */
const settle = async (
  store: typeof table.store,
  reserved: Payment,
  now: Date,
  reservedAt?: Date,
): Promise<void> => {
  const settled: Payment = { ...reserved, state: 'captured', capturedAt: reserved.createdAt };
  await store.payments.commit(
    scope,
    settlementOf({
      before: reserved,
      after: settled,
      event: newEvent(randomIds, 'charge.captured', { token: reserved.token }, reserved.createdAt),
      recovery: { by: 'own' },
      reservedAt,
      now,
    }),
    now,
  );
};
