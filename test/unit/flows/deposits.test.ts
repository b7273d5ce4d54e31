import { type Account, type ChargeCredit, newBankAccount, nextDepositRun, type Scope } from '@wattle/domain';
import { getDeposit, listDeposits, makeDeposit, readBalance } from '@wattle/flows';
import { JobTaken, jobKinds, type ScheduledJob } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fakeBalance } from '../../fakes/balance.ts';
import { fakeDeposits } from '../../fakes/deposits.ts';
import { fixedClock, sequentialIds, virtualPacing } from '../../fakes/system.ts';
import { fakeAccounts } from '../../fakes/transfers.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const ownAccount = newBankAccount(
  { name: 'Shop', bsb: '063000', number: '123456789' },
  'ba_own',
  '2026-11-01T00:00:00Z',
);

const merchant = (overrides: Partial<Account> = {}): Account => ({
  id: scope.accountId,
  kind: 'merchant',
  name: 'Shop',
  email: 'shop@example.com',
  status: 'active',
  referredBy: null,
  createdAt: '2026-11-01T00:00:00Z',
  payoutBankAccount: ownAccount,
  transfersEnabled: false,
  ...overrides,
});

const credit = (i: number): ChargeCredit => ({
  position: `2026-11-1${i}T00:00:00.000Z#ch_${i}`,
  chargeToken: `ch_${i}`,
  description: `Order ${i}`,
  amount: 1000,
  totalFees: 48,
  merchantEntitlement: 952,
  createdAt: `2026-11-1${i}T00:00:00Z`,
});

const run = new Date('2026-11-25T00:00:00Z');
const dailyJob: ScheduledJob = { kind: jobKinds.dailyDeposit, scope, token: scope.accountId, dueAt: run };

/** A deposit-mode merchant with two settled charges' proceeds (2 × 952) and its daily job due. */
const setUp = (account = merchant(), settled = [1, 2]) => {
  const balance = fakeBalance();
  for (const i of settled) balance.credit(scope, credit(i), true);
  const jobs: ScheduledJob[] = [{ ...dailyJob }];
  return {
    balance,
    jobs,
    deposits: fakeDeposits(balance, jobs),
    accounts: fakeAccounts(account),
    clock: fixedClock('2026-11-25T00:00:00Z'),
    ids: sequentialIds(),
    pacing: virtualPacing(),
  };
};

const availableOf = async (deps: ReturnType<typeof setUp>) => (await readBalance(deps, scope))[0]?.available;

describe('the daily deposit', () => {
  it('sweeps the available balance into the bank account, with its event, and moves the job a day on', async () => {
    const deps = setUp();
    await makeDeposit(deps, dailyJob, run);
    const { items, total } = await listDeposits(deps, scope, 1);
    expect(total).toBe(1);
    const [deposit] = items;
    expect(deposit).toMatchObject({
      status: 'succeeded',
      amount: 2 * 952,
      currency: 'AUD',
      bankAccount: ownAccount,
      createdAt: '2026-11-25T00:00:00Z',
      availableAt: '2026-11-25T00:00:00Z',
    });
    // Named by the account, environment and day: another run of that day names the same deposit.
    expect(deposit!.token).toBe('dpo_deposit#acct_1#test#2026-11-25');
    expect(await getDeposit(deps, scope, deposit!.token)).toEqual(deposit);
    expect(await availableOf(deps)).toBe(0);
    expect(deps.deposits.events.map((e) => [e.type, e.data])).toEqual([
      [
        'deposit.created',
        expect.objectContaining({
          token: deposit!.token,
          amount: '1904',
          currency: 'AUD',
          status: 'succeeded',
        }),
      ],
    ]);
    expect(deps.jobs.map((j) => j.dueAt.toISOString())).toEqual(['2026-11-26T00:00:00.000Z']);
  });

  it('makes no deposit of a zero balance, and still moves the job on', async () => {
    const deps = setUp(merchant(), []);
    await makeDeposit(deps, dailyJob, run);
    expect((await listDeposits(deps, scope, 1)).total).toBe(0);
    expect(deps.deposits.events).toEqual([]);
    expect(deps.jobs.map((j) => j.dueAt.toISOString())).toEqual(['2026-11-26T00:00:00.000Z']);
  });

  it('leaves the balance of an account that uses transfers alone', async () => {
    const deps = setUp(merchant({ transfersEnabled: true }));
    await makeDeposit(deps, dailyJob, run);
    expect((await listDeposits(deps, scope, 1)).total).toBe(0);
    expect(await availableOf(deps)).toBe(2 * 952);
  });

  it('makes one deposit when two runs do the same job at once', async () => {
    const deps = setUp();
    const results = await Promise.allSettled([
      makeDeposit(deps, dailyJob, run),
      makeDeposit(deps, dailyJob, run),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(JobTaken);
    expect((await listDeposits(deps, scope, 1)).total).toBe(1);
    expect(await availableOf(deps)).toBe(0);
  });

  it('makes no second deposit for a day whose job is run again after its deposit was made', async () => {
    const deps = setUp();
    await makeDeposit(deps, dailyJob, run);
    // The day's job back as it was (a restore, a crash between two writes in another design).
    deps.jobs.splice(0, deps.jobs.length, { ...dailyJob });
    deps.balance.credit(scope, credit(3), true);
    await makeDeposit(deps, dailyJob, run);
    expect((await listDeposits(deps, scope, 1)).total).toBe(1);
    expect(await availableOf(deps)).toBe(952);
    expect(deps.jobs.map((j) => j.dueAt.toISOString())).toEqual(['2026-11-26T00:00:00.000Z']);
  });

  it('reads again when a transfer or refund debits the balance first, and deposits what is left', async () => {
    const deps = setUp();
    const read = deps.balance.ledger.bind(deps.balance);
    let reads = 0;
    deps.balance.ledger = async (...args) => {
      const ledger = await read(...args);
      // A racing payout of 500 commits between the deposit's read and its write, once.
      if (++reads === 1) deps.balance.debit(scope, 'AUD', 500);
      return ledger;
    };
    await makeDeposit(deps, dailyJob, run);
    const { items } = await listDeposits(deps, scope, 1);
    expect(items.map((d) => d.amount)).toEqual([2 * 952 - 500]);
    expect(await availableOf(deps)).toBe(0);
  });

  it('collapses the runs missed while nothing ran into one deposit, then waits for the next midnight', async () => {
    const deps = setUp();
    const late = new Date('2026-11-29T15:00:00Z');
    await makeDeposit(deps, dailyJob, late);
    expect((await listDeposits(deps, scope, 1)).total).toBe(1);
    expect(deps.jobs.map((j) => j.dueAt.toISOString())).toEqual(['2026-11-30T00:00:00.000Z']);
  });
});

describe('the daily run', () => {
  it('is the next UTC midnight strictly after a time', () => {
    expect(nextDepositRun(new Date('2026-11-24T10:00:00Z')).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(nextDepositRun(new Date('2026-11-25T00:00:00Z')).toISOString()).toBe('2026-11-26T00:00:00.000Z');
  });
});
