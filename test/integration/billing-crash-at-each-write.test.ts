import { jobKinds } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { dueRenewal as dueRenewalOn, watchedClient } from '../helpers/due-renewal.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { useTable } from '../helpers/table.ts';
import { crashPoints } from '../reliability/harness/crash-points.ts';
import { isWrite } from '../reliability/harness/dynamodb-hooks.ts';

const table = useTable();
const minute = 60_000;
const day = 24 * 60 * minute;

// A second client on the same table, whose calls can be broken: the scheduler that dies.
const { doc: dyingDoc, hooks } = watchedClient();

/** A merchant with one monthly subscriber, its first renewal due; `dying` deps on the breakable client. */
const firstRenewalDue = async (name: string) => {
  const t = await dueRenewalOn(table, dyingDoc, name);
  return { ...t, dying: t.watched(), due: () => t.advance(28 * day + minute) };
};

/**
 * The same subscriber once its first renewal is billed (its bill item kept, settled): the second
 * renewal, the one the dying run takes up, begins over that item.
 */
const secondRenewalDue = async (name: string) => {
  const t = await firstRenewalDue(name);
  expect((await runDueJobs(t.healthy, t.due(), jobHandlers)).failed).toBe(0);
  return { ...t, due: () => t.advance(31 * day) };
};

const cases = [
  { renewal: 'the first renewal', due: firstRenewalDue, charges: 2, nextBillingDate: '2027-03-31T10:00:00Z' },
  {
    renewal: 'a renewal begun over a settled bill item',
    due: secondRenewalDue,
    charges: 3,
    nextBillingDate: '2027-04-30T10:00:00Z',
  },
];

describe.each(cases)(
  'a scheduler run that dies at any write of $renewal',
  ({ due, charges, nextBillingDate }) => {
    it('bills that renewal exactly once after the runs that follow', {
      timeout: hangNet(180_000),
    }, async () => {
      // The calls of a clean run, and where its writes are.
      const clean = await due(`clean-${charges}`);
      hooks.reset();
      expect((await runDueJobs(clean.dying, clean.due(), jobHandlers)).failed).toBe(0);
      const writes = hooks.calls.flatMap((call, index) => (isWrite(call) ? [index] : []));
      // Two: the charge's reservation (with the job's claim and the bill begun) and its settlement
      // (with the bill's outcome); before the renewal rode in its charge's transactions, four.
      expect(writes.length).toBeGreaterThanOrEqual(2);
      // Die just before each write (it is not made) and just after it (it is, and nothing else):
      // at every one in the reliability runs, at a spread sample in npm test.
      const deaths = crashPoints([...new Set(writes.flatMap((index) => [index, index + 1]))], 3);

      for (const dieAt of deaths) {
        const t = await due(`die-at-${dieAt}-${charges}`);
        hooks.reset();
        hooks.fault = (_, index) => (index >= dieAt ? new Error('the scheduler died') : undefined);
        // The run ends there, by an error or with its jobs failed: either way it did no more.
        await runDueJobs(t.dying, t.due(), jobHandlers).catch(() => undefined);
        hooks.fault = undefined;
        // The next scheduled runs, overlapping, past the payment's and the bill's recovery delays.
        for (const wait of [20 * minute, 20 * minute]) {
          const at = t.advance(wait);
          await Promise.all([runDueJobs(t.healthy, at, jobHandlers), runDueJobs(t.healthy, at, jobHandlers)]);
        }
        const what = `died at call ${dieAt} (${hooks.calls[dieAt]?.command ?? 'after the last'})`;
        const listed = (await table.store.payments.listForCustomer(t.scope, t.customerToken, 1)).items;
        expect(
          listed.map((c) => [c.amount, c.state]),
          what,
        ).toEqual(Array.from({ length: charges }, () => [1000, 'captured']));
        const ledger = await table.store.subscriptions.ledger(t.scope, t.subscription.token, 1);
        expect([ledger.items.length, ledger.total], what).toEqual([charges, charges]);
        const loaded = await table.store.subscriptions.get(t.scope, t.subscription.token);
        expect(loaded?.subscription, what).toMatchObject({ nextBillingDate, billedIntervals: charges });
        expect(loaded?.bill, what).toBeNull();
        const beforeNextMonth = t.advance(day);
        for (const kind of [jobKinds.subscriptionBilling, jobKinds.billRecovery])
          expect(await t.jobsOf(kind, beforeNextMonth), what).toEqual([]);
      }
    });
  },
);
