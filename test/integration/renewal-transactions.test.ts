import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dueAction } from '@wattle/domain';
import { cancel } from '@wattle/flows';
import { jobKinds, type ProcessorOf } from '@wattle/ports';
import { simulatedProcessorOf } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { keys } from '../../packages/store/src/kernel/keys.ts';
import { claimIn, scheduleIn } from '../../packages/store/src/kernel/schedule.ts';
import { Transaction } from '../../packages/store/src/kernel/transaction.ts';
import { dueRenewal as dueRenewalOn, watchedClient } from '../helpers/due-renewal.ts';
import { useTable } from '../helpers/table.ts';
import { isWrite } from '../reliability/harness/dynamodb-hooks.ts';

type Item = Record<string, string>;

const table = useTable();
const minute = 60_000;
const day = 24 * 60 * minute;

// A client of its own whose calls are watched: the scheduler's run of the renewal.
const { doc: watchedDoc, hooks } = watchedClient();
const dueRenewal = (name: string) => dueRenewalOn(table, watchedDoc, name);

describe("a renewal rides in its charge's transactions", () => {
  it('writes twice: the reservation (claim, bill begun) and the settlement (bill recorded)', async () => {
    const t = await dueRenewal('two-writes');
    hooks.reset();
    expect((await runDueJobs(t.watched(), t.advance(28 * day + minute), jobHandlers)).failed).toBe(0);
    expect(hooks.calls.filter(isWrite).map((call) => call.command)).toEqual([
      'TransactWriteItems',
      'TransactWriteItems',
    ]);
    const loaded = await table.store.subscriptions.get(t.scope, t.subscription.token);
    expect(loaded).toMatchObject({ bill: null, subscription: { billedIntervals: 2 } });
    expect(await table.store.subscriptions.ledger(t.scope, t.subscription.token, 1)).toMatchObject({
      total: 2,
    });
  });

  it('begins the bill checking the subscription, not rewriting it: the charge, the job moved on, the bill', async () => {
    const t = await dueRenewal('begins-apart');
    hooks.reset();
    expect((await runDueJobs(t.watched(), t.advance(28 * day + minute), jobHandlers)).failed).toBe(0);
    const [reservation] = hooks.calls.filter(isWrite);
    const written = (reservation!.input.TransactItems as Record<string, { Item?: Item; Key?: Item }>[]).map(
      (entry) => {
        const [op, body] = Object.entries(entry)[0]!;
        const { pk, sk } = (body.Item ?? body.Key)!;
        // A due item's sort key is its due time: named by its kind of item.
        return `${op} ${pk!.startsWith('DUE#') ? 'DUE' : sk}`;
      },
    );
    expect(written).toEqual([
      'Put PAYMENT',
      'Delete DUE',
      'Put DUE',
      'ConditionCheck SUBSCRIPTION',
      'Put SUBSCRIPTION#BILL',
    ]);
  });

  it('recovers a bill under way when the subscription was cancelled meanwhile: the renewal job stays for it', async () => {
    const t = await dueRenewal('cancel-then-recover');
    const died = await t.renewDyingAtCapture();
    expect(died.failed).toBe(1);
    await cancel(t.healthy, t.scope, t.subscription.token);
    expect((await runDueJobs(t.watched(), t.advance(20 * minute), jobHandlers)).failed).toBe(0);
    const charges = (await table.store.payments.listForCustomer(t.scope, t.customerToken, 1)).items;
    expect(charges.map((c) => c.state)).toEqual(['captured', 'captured']);
    const loaded = await table.store.subscriptions.get(t.scope, t.subscription.token);
    expect(loaded).toMatchObject({ bill: null, subscription: { state: 'cancelled' } });
    expect(await table.store.subscriptions.ledger(t.scope, t.subscription.token, 1)).toMatchObject({
      total: 2,
    });
    expect(await t.jobsOf(jobKinds.subscriptionBilling, t.advance(60 * day))).toEqual([]);
  });

  it('finishes a bill begun before on the subscription, by its own recovery job', async () => {
    const t = await dueRenewal('begun-before');
    // What a renewal's reservation wrote before the bill was kept apart: the bill on the
    // subscription (its attempt counted, its version moved), the renewal job claimed, a recovery job.
    const loaded = (await table.store.subscriptions.get(t.scope, t.subscription.token))!;
    const now = t.advance(28 * day + minute);
    const [job] = await t.jobsOf(jobKinds.subscriptionBilling, now);
    const action = dueAction(loaded.subscription, now);
    if (action.kind !== 'bill') throw new Error('The renewal is not due');
    const { pk, sk } = keys.subscription(t.scope, t.subscription.token);
    const { Item: item } = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: { pk, sk }, ConsistentRead: true }),
    );
    const tx = new Transaction<string>(table.tableName);
    claimIn(tx, job!);
    scheduleIn(tx, {
      kind: jobKinds.billRecovery,
      scope: t.scope,
      token: t.subscription.token,
      dueAt: new Date(now.getTime() + 16 * minute),
    });
    tx.put('subscription', {
      Item: { ...item, subscription: action.subscription, ver: loaded.version + 1, bill: action.bill },
    });
    await tx.commit(table.doc);
    expect((await runDueJobs(t.watched(), t.advance(20 * minute), jobHandlers)).failed).toBe(0);
    const charges = (await table.store.payments.listForCustomer(t.scope, t.customerToken, 1)).items;
    expect(charges.map((c) => c.state)).toEqual(['captured', 'captured']);
    const after = await table.store.subscriptions.get(t.scope, t.subscription.token);
    expect(after).toMatchObject({ bill: null, subscription: { billedIntervals: 2, attempts: 2 } });
    expect(await t.jobsOf(jobKinds.billRecovery, t.advance(day))).toEqual([]);
    expect((await t.jobsOf(jobKinds.subscriptionBilling, t.advance(31 * day))).map((j) => j.dueAt)).toEqual([
      new Date('2027-03-31T10:00:00Z'),
    ]);
  });

  it('reads each item it needs once: the subscription, its customer and the card billed', async () => {
    const t = await dueRenewal('reads-once');
    hooks.reset();
    expect((await runDueJobs(t.watched(), t.advance(28 * day + minute), jobHandlers)).failed).toBe(0);
    // What each read asks for by its sort key (the scheduler's Queries of due jobs aside).
    const read = hooks.calls.flatMap((call) => {
      if (call.command === 'GetItem') return [(call.input.Key as { sk: string }).sk];
      const values = call.input.ExpressionAttributeValues as Record<string, string> | undefined;
      return call.command === 'Query' && values?.[':sk'] ? [values[':sk']] : [];
    });
    expect(read.map((sk) => sk.replace(/#.*/, '')).sort()).toEqual(['CARD', 'CUSTOMER', 'SUBSCRIPTION']);
  });

  it("leaves a bill's charge no recovery job of its own: the bill's finishes charge and bill at once", async () => {
    const t = await dueRenewal('bill-recovers-charge');
    const died = await t.renewDyingAtCapture();
    expect(died.failed).toBe(1);
    const later = t.advance(20 * minute);
    expect(await t.jobsOf(jobKinds.paymentRecovery, later)).toEqual([]);
    // The bill's recovery is its renewal job, moved on at the reservation: no job of its own either.
    expect(await t.jobsOf(jobKinds.billRecovery, later)).toEqual([]);
    expect(await t.jobsOf(jobKinds.subscriptionBilling, later)).toHaveLength(1);
    hooks.reset();
    expect((await runDueJobs(t.watched(), later, jobHandlers)).failed).toBe(0);
    // One transaction settles the charge and records its bill, claiming the bill's recovery job.
    expect(hooks.calls.filter(isWrite)).toHaveLength(1);
    const charges = (await table.store.payments.listForCustomer(t.scope, t.customerToken, 1)).items;
    expect(charges.map((c) => c.state)).toEqual(['captured', 'captured']);
    const loaded = await table.store.subscriptions.get(t.scope, t.subscription.token);
    expect(loaded).toMatchObject({ bill: null, subscription: { billedIntervals: 2 } });
    expect(await t.jobsOf(jobKinds.billRecovery, t.advance(day))).toEqual([]);
  });

  it('settles the charge alone when the subscription changed in between, then records its bill', async () => {
    const t = await dueRenewal('changed-between');
    // A cancel lands while the card is being charged: the bill's change no longer fits.
    const simulator = simulatedProcessorOf();
    const cancelling: ProcessorOf = (scope) => ({
      ...simulator(scope),
      authorise: async (input) => {
        await cancel(t.watched(), t.scope, t.subscription.token);
        return simulator(scope).authorise(input);
      },
    });
    const run = await runDueJobs(
      t.watched({ processorOf: cancelling }),
      t.advance(28 * day + minute),
      jobHandlers,
    );
    expect(run.failed).toBe(0);
    const charges = (await table.store.payments.listForCustomer(t.scope, t.customerToken, 1)).items;
    expect(charges.map((c) => c.state)).toEqual(['captured', 'captured']);
    const loaded = await table.store.subscriptions.get(t.scope, t.subscription.token);
    expect(loaded).toMatchObject({ bill: null, subscription: { state: 'cancelled' } });
    expect(await table.store.subscriptions.ledger(t.scope, t.subscription.token, 1)).toMatchObject({
      total: 2,
    });
    const later = t.advance(day);
    expect(await t.jobsOf(jobKinds.billRecovery, later)).toEqual([]);
    expect(await t.jobsOf(jobKinds.paymentRecovery, later)).toEqual([]);
  });
});
