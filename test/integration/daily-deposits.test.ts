import { newBankAccount, type Scope, toTimestamp } from '@wattle/domain';
import { createPayment, readBalance } from '@wattle/flows';
import type { RuntimeDeps } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { aChargeRequest } from '../helpers/builders.ts';
import { testDeps, useTable } from '../helpers/table.ts';

const table = useTable();
const day = 86_400_000;

const depsAt = (at: { now: Date }): RuntimeDeps => ({ ...testDeps(table), clock: { now: () => at.now } });

/** A merchant paid out by deposits: making it schedules its daily deposit job in each environment. */
const depositMerchant = async (accountId: string, now: Date): Promise<Scope> => {
  await table.store.accounts.create(
    {
      id: accountId,
      kind: 'merchant',
      name: 'Deposit Shop',
      email: 'shop@example.com',
      status: 'active',
      referredBy: null,
      createdAt: toTimestamp(now),
      payoutBankAccount: newBankAccount(
        { name: 'Deposit Shop', bsb: '063000', number: '123456789' },
        'ba_own',
        toTimestamp(now),
      ),
      transfersEnabled: false,
    },
    [],
  );
  return { accountId, environment: 'test' };
};

describe('daily deposits', () => {
  it('deposit the available balance once per account and day, however many runs overlap', async () => {
    const clock = { now: new Date() };
    const scope = await depositMerchant('acct_deposits', clock.now);
    for (let i = 0; i < 5; i++) {
      clock.now = new Date(clock.now.getTime() + 1);
      await createPayment(depsAt(clock), scope, aChargeRequest({ description: `Order ${i}` }));
    }
    // Past the settlement delay; the deposit job of the coming midnight is due a minute later.
    clock.now = new Date(clock.now.getTime() + 6 * day);
    const later = new Date(clock.now.getTime() + 60_000);
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => runDueJobs(depsAt(clock), later, jobHandlers)),
    );
    expect(runs.reduce((failed, run) => failed + run.failed, 0)).toBe(0);

    const deposits = await table.store.deposits.list(scope, 1);
    expect(deposits.total).toBe(1);
    expect(deposits.items[0]).toMatchObject({ amount: 5 * 952, currency: 'AUD', status: 'succeeded' });
    expect((await readBalance({ ...depsAt({ now: later }) }, scope))[0]?.available).toBe(0);
    const events = (await table.store.events.list(scope, 1)).items.filter(
      (e) => e.type === 'deposit.created',
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ token: deposits.items[0]!.token, amount: String(5 * 952) });

    // The next run finds nothing due until the next midnight; the live environment deposited nothing.
    expect(await table.store.schedule.due('daily-deposit', later)).toEqual([]);
    const [liveJob] = (
      await table.store.schedule.due('daily-deposit', new Date(later.getTime() + 2 * day))
    ).filter((job) => job.scope.accountId === scope.accountId);
    expect(liveJob).toBeDefined();
    expect((await table.store.deposits.list({ ...scope, environment: 'live' }, 1)).total).toBe(0);
  });

  it('make no deposit of an empty balance, and an account that uses transfers has no deposit job', async () => {
    const clock = { now: new Date() };
    const scope = await depositMerchant('acct_empty', clock.now);
    await table.store.accounts.create(
      {
        id: 'acct_transfers',
        kind: 'merchant',
        name: 'Transfer Shop',
        email: 'shop@example.com',
        status: 'active',
        referredBy: null,
        createdAt: toTimestamp(clock.now),
      },
      [],
    );
    const later = new Date(clock.now.getTime() + 2 * day);
    const jobs = await table.store.schedule.due('daily-deposit', later);
    expect(jobs.map((job) => job.scope.accountId)).not.toContain('acct_transfers');
    await runDueJobs(depsAt(clock), later, jobHandlers);
    expect((await table.store.deposits.list(scope, 1)).total).toBe(0);
    expect(
      (await table.store.schedule.due('daily-deposit', later)).map((j) => j.scope.accountId),
    ).not.toContain(scope.accountId);
  });
});
