import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { billBeginningOf, dueAction } from '@wattle/domain';
import { Changed, jobKinds } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { keys } from '../../packages/store/src/kernel/keys.ts';
import { scheduleIn } from '../../packages/store/src/kernel/schedule.ts';
import { Transaction } from '../../packages/store/src/kernel/transaction.ts';
import { dyingAtCapture } from '../helpers/billing.ts';
import { dueRenewal as dueRenewalOn, watchedClient } from '../helpers/due-renewal.ts';
import { useTable } from '../helpers/table.ts';
import { isWrite } from '../reliability/harness/dynamodb-hooks.ts';

const table = useTable();
const minute = 60_000;
const day = 24 * 60 * minute;

const { doc: watchedDoc, hooks } = watchedClient();
const dueRenewal = (name: string) => dueRenewalOn(table, watchedDoc, name);

type Renewal = Awaited<ReturnType<typeof dueRenewal>>;

const itemAt = async (key: { pk: string; sk: string }) =>
  (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }))).Item;

const billItemOf = (t: Renewal) => itemAt(keys.subscriptionBill(t.scope, t.subscription.token));

/** The first renewal (due on 2027-02-28), billed by a clean run. */
const renewOnce = async (t: Renewal) =>
  expect((await runDueJobs(t.watched(), t.advance(28 * day + minute), jobHandlers)).failed).toBe(0);

describe("a renewal's bill item, kept once settled", () => {
  it('is not removed by the settlement: the subscription records its attempt as settled', async () => {
    const t = await dueRenewal('kept-settled');
    hooks.reset();
    await renewOnce(t);
    const [, settlement] = hooks.calls.filter(isWrite);
    const keysWritten = (
      settlement!.input.TransactItems as Record<string, { Item?: { sk: string }; Key?: { sk: string } }>[]
    ).flatMap((entry) => Object.values(entry).map((body) => (body.Item ?? body.Key)!.sk));
    expect(keysWritten).not.toContain('SUBSCRIPTION#BILL');
    expect(await billItemOf(t)).toMatchObject({ bill: { purpose: 'renewal', attempt: 1 } });
    expect(await itemAt(keys.subscription(t.scope, t.subscription.token))).toMatchObject({ settledBill: 1 });
    const loaded = await table.store.subscriptions.get(t.scope, t.subscription.token);
    expect(loaded).toMatchObject({ bill: null, billApart: false, subscription: { attempts: 2 } });
    expect(loaded?.renewalDueAt).toBeUndefined();
  });

  it('is written over by the next renewal, which a run dying at capture leaves to be recovered once', async () => {
    const t = await dueRenewal('kept-next');
    await renewOnce(t);
    const dying = await runDueJobs(
      t.watched({ processor: dyingAtCapture() }),
      t.advance(31 * day),
      jobHandlers,
    );
    // The other tests' subscriptions on this table fall due too: this one's failed among them.
    expect(dying.failed).toBeGreaterThanOrEqual(1);
    expect(await table.store.subscriptions.get(t.scope, t.subscription.token)).toMatchObject({
      billApart: true,
      bill: { attempt: 2 },
    });
    const later = t.advance(20 * minute);
    const runs = await Promise.all([
      runDueJobs(t.healthy, later, jobHandlers),
      runDueJobs(t.healthy, later, jobHandlers),
    ]);
    expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
    const charges = (await table.store.payments.listForCustomer(t.scope, t.customerToken, 1)).items;
    expect(charges.map((c) => c.state)).toEqual(['captured', 'captured', 'captured']);
    expect((await table.store.subscriptions.ledger(t.scope, t.subscription.token, 1)).total).toBe(3);
    expect(await table.store.subscriptions.get(t.scope, t.subscription.token)).toMatchObject({
      bill: null,
      subscription: { billedIntervals: 3, nextBillingDate: '2027-04-30T10:00:00Z' },
    });
    expect(await itemAt(keys.subscription(t.scope, t.subscription.token))).toMatchObject({ settledBill: 2 });
  });

  it('refuses a second beginning while a later bill is under way over it', async () => {
    const t = await dueRenewal('kept-refuses');
    await renewOnce(t);
    // A run that read the subscription before the second renewal's bill began, with a job to claim.
    const before = (await table.store.subscriptions.get(t.scope, t.subscription.token))!;
    const now = t.advance(31 * day);
    const dying = await runDueJobs(t.watched({ processor: dyingAtCapture() }), now, jobHandlers);
    // The other tests' subscriptions on this table fall due too: this one's failed among them.
    expect(dying.failed).toBeGreaterThanOrEqual(1);
    const action = dueAction(before.subscription, now);
    if (action.kind !== 'bill') throw new Error('The renewal is not due');
    const job = {
      kind: jobKinds.subscriptionBilling,
      scope: t.scope,
      token: t.subscription.token,
      dueAt: now,
    };
    await scheduleIn(new Transaction(table.tableName), job).commit(table.doc);
    const begin = table.store.subscriptions.commit(
      t.scope,
      billBeginningOf({
        before,
        after: action.subscription,
        bill: action.bill,
        recoveryAt: new Date(now.getTime() + 16 * minute),
        claim: { job: 'renewal', token: job.token, dueAt: job.dueAt },
      }),
      now,
    );
    await expect(begin).rejects.toBeInstanceOf(Changed);
    expect(await billItemOf(t)).toMatchObject({ bill: { attempt: 2 } });
  });
});
