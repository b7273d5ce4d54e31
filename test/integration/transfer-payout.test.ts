import { newBankAccount, type Scope, toTimestamp } from '@wattle/domain';
import { createPayment, createTransfer } from '@wattle/flows';
import type { RuntimeDeps } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { aChargeRequest } from '../helpers/builders.ts';
import { testDeps, useTable } from '../helpers/table.ts';

const table = useTable();
const day = 86_400_000;

/** Deps on a clock the test moves. */
const depsAt = (at: { now: Date }): RuntimeDeps => ({ ...testDeps(table), clock: { now: () => at.now } });

const merchantWithBankAccount = async (accountId: string, now: Date): Promise<Scope> => {
  await table.store.accounts.create(
    {
      id: accountId,
      kind: 'merchant',
      name: 'Payout Shop',
      email: 'shop@example.com',
      status: 'active',
      referredBy: null,
      createdAt: toTimestamp(now),
      payoutBankAccount: newBankAccount(
        { name: 'Payout Shop', bsb: '063000', number: '123456789' },
        'ba_own',
        toTimestamp(now),
      ),
    },
    [],
  );
  return { accountId, environment: 'test' };
};

const charge = (deps: RuntimeDeps, scope: Scope, description: string) =>
  createPayment(deps, scope, aChargeRequest({ description }));

describe('transfer payout job', () => {
  it('finishes a payout that crashed half way, once, however many runs take it up', async () => {
    const clock = { now: new Date() };
    const scope = await merchantWithBankAccount('acct_payout', clock.now);
    const tokens: string[] = [];
    for (let i = 0; i < 30; i++) {
      clock.now = new Date(clock.now.getTime() + 1); // payouts go in capture order, to the millisecond
      tokens.push((await charge(depsAt(clock), scope, `Order ${i}`)).payment.token);
    }
    clock.now = new Date(clock.now.getTime() + 6 * day);

    // The request's own payout dies after linking three charges: the transfer is committed.
    const payments = table.store.payments;
    const link = payments.linkTransfer.bind(payments);
    let links = 0;
    payments.linkTransfer = async (...args) => {
      if (++links > 3) throw new Error('function timed out');
      return link(...args);
    };
    const transfer = await createTransfer(depsAt(clock), scope, {
      description: 'All of it',
      amount: 30 * 952,
      recipient: 'self',
    }).finally(() => {
      payments.linkTransfer = link;
    });
    expect(transfer.lineItemsCount).toBe(30);

    // Two overlapping scheduler runs take the job up; the job is gone afterwards.
    const later = new Date(clock.now.getTime() + 60_000);
    await Promise.all([
      runDueJobs(depsAt(clock), later, jobHandlers),
      runDueJobs(depsAt(clock), later, jobHandlers),
    ]);
    expect(await table.store.schedule.due('transfer-payout', later)).toEqual([]);

    const first = await table.store.transfers.lineItems(scope, transfer, 1);
    const second = await table.store.transfers.lineItems(scope, transfer, 2);
    expect(first.items).toHaveLength(25);
    expect(second.items).toHaveLength(5);
    expect([...first.items, ...second.items].map((item) => item.token)).toEqual(tokens);
    expect([...first.items, ...second.items].every((item) => item.amount === 952)).toBe(true);
    for (const token of tokens) {
      const paid = await table.store.payments.get(scope, token);
      expect(paid?.transfers).toEqual([
        { state: 'succeeded', paidAt: transfer.paidAt, token: transfer.token },
      ]);
    }
    expect((await table.store.balance.read(scope, clock.now))[0]).toMatchObject({
      available: 0,
      unsettled: 0,
    });
  });
});
