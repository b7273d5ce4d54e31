import type { CardProcessor } from '@wattle/domain';
import { cancel } from '@wattle/flows';
import { jobKinds } from '@wattle/ports';
import { simulatedProcessor } from '@wattle/processor';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { dueRenewal as dueRenewalOn, watchedClient } from '../helpers/due-renewal.ts';
import { useTable } from '../helpers/table.ts';
import { isWrite } from '../reliability/harness/dynamodb-hooks.ts';

const table = useTable();
const minute = 60_000;
const day = 24 * 60 * minute;

// A client of its own whose calls are watched: the scheduler's run of the renewal.
const { doc: watchedDoc, hooks } = watchedClient();
const dueRenewal = (name: string) => dueRenewalOn(table, watchedDoc, name);

/** A processor that dies at capture: the charge is left `processing`, as by a crash mid-way. */
const dyingAtCapture = (): CardProcessor => ({
  ...simulatedProcessor(),
  capture: async () => {
    throw new Error('the function died');
  },
});

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

  it('reads each item it needs once: the subscription, its customer and the card billed', async () => {
    const t = await dueRenewal('reads-once');
    hooks.reset();
    expect((await runDueJobs(t.watched(), t.advance(28 * day + minute), jobHandlers)).failed).toBe(0);
    const reads = hooks.calls.filter((call) => call.command === 'GetItem' || call.command === 'BatchGetItem');
    const read = reads.map((call) => String((call.input.Key as { sk: string }).sk).replace(/#.*/, ''));
    expect(read.sort()).toEqual(['CARD', 'CUSTOMER', 'SUBSCRIPTION']);
  });

  it("leaves a bill's charge no recovery job of its own: the bill's finishes charge and bill at once", async () => {
    const t = await dueRenewal('bill-recovers-charge');
    const died = await runDueJobs(
      t.watched({ processor: dyingAtCapture() }),
      t.advance(28 * day + minute),
      jobHandlers,
    );
    expect(died.failed).toBe(1);
    const later = t.advance(20 * minute);
    expect(await t.jobsOf(jobKinds.paymentRecovery, later)).toEqual([]);
    expect(await t.jobsOf(jobKinds.billRecovery, later)).toHaveLength(1);
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
    const cancelling: CardProcessor = {
      ...simulatedProcessor(),
      capture: async (reference, amount) => {
        await cancel(t.watched(), t.scope, t.subscription.token);
        return simulatedProcessor().capture(reference, amount);
      },
    };
    const run = await runDueJobs(
      t.watched({ processor: cancelling }),
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
