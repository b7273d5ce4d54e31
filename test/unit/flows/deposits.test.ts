import { type Account, newBankAccount, nextDepositRun, type Scope } from '@wattle/domain';
import { getDeposit, listDeposits, makeDeposit, readBalance } from '@wattle/flows';
import { JobTaken, jobKinds, type ScheduledJob } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds, virtualPacing } from '../../fakes/system.ts';
import { memoryStore, overriding, paidOut, settledCharges } from '../../helpers/memory-store.ts';

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

const run = new Date('2026-11-25T00:00:00Z');
const dailyJob: ScheduledJob = { kind: jobKinds.dailyDeposit, scope, token: scope.accountId, dueAt: run };

/** A deposit-mode merchant with two settled charges' proceeds (2 × 952) and its daily job due. */
const setUp = async (account = merchant(), settled = [1, 2]) => {
  const store = memoryStore();
  await store.accounts.create(account, []);
  await settledCharges(store, scope, settled);
  // The days before had nothing to deposit: the job is due at this run.
  store.world.scheduleJob(dailyJob);
  const { balance, deposits, accounts, schedule, events } = store;
  return {
    store,
    balance,
    deposits,
    accounts,
    schedule,
    events,
    clock: fixedClock('2026-11-25T00:00:00Z'),
    ids: sequentialIds(),
    pacing: virtualPacing(),
  };
};
type Deps = Awaited<ReturnType<typeof setUp>>;

const availableOf = async (deps: Deps) => (await readBalance(deps, scope))[0]?.available;

/** When the merchant's daily job (test) is due next. */
const jobTimes = async (deps: Deps) =>
  (await deps.schedule.due(jobKinds.dailyDeposit, new Date('2100-01-01T00:00:00Z')))
    .filter((job) => job.token === scope.accountId && job.scope.environment === 'test')
    .map((job) => job.dueAt.toISOString());

/** The deposit events recorded, oldest first. */
const depositEvents = async (deps: Deps) =>
  (await deps.events.list(scope, 1)).items.filter((e) => e.type === 'deposit.created').reverse();

describe('the daily deposit', () => {
  it('sweeps the available balance into the bank account, with its event, and moves the job a day on', async () => {
    const deps = await setUp();
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
    expect((await depositEvents(deps)).map((e) => [e.type, e.data])).toEqual([
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
    expect(await jobTimes(deps)).toEqual(['2026-11-26T00:00:00.000Z']);
  });

  it('makes no deposit of a zero balance, and still moves the job on', async () => {
    const deps = await setUp(merchant(), []);
    await makeDeposit(deps, dailyJob, run);
    expect((await listDeposits(deps, scope, 1)).total).toBe(0);
    expect(await depositEvents(deps)).toEqual([]);
    expect(await jobTimes(deps)).toEqual(['2026-11-26T00:00:00.000Z']);
  });

  it('leaves the balance of an account that uses transfers alone', async () => {
    const deps = await setUp(merchant({ transfersEnabled: true }));
    await makeDeposit(deps, dailyJob, run);
    expect((await listDeposits(deps, scope, 1)).total).toBe(0);
    expect(await availableOf(deps)).toBe(2 * 952);
  });

  it('makes one deposit when two runs do the same job at once', async () => {
    const deps = await setUp();
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
    const deps = await setUp();
    await makeDeposit(deps, dailyJob, run);
    // The day's job back as it was (a restore, a crash between two writes in another design).
    deps.store.world.scheduleJob(dailyJob);
    await settledCharges(deps.store, scope, [3]);
    await makeDeposit(deps, dailyJob, run);
    expect((await listDeposits(deps, scope, 1)).total).toBe(1);
    expect(await availableOf(deps)).toBe(952);
    expect(await jobTimes(deps)).toEqual(['2026-11-26T00:00:00.000Z']);
  });

  it('reads again when a transfer or refund debits the balance first, and deposits what is left', async () => {
    const deps = await setUp();
    const read = deps.balance.ledger.bind(deps.balance);
    let reads = 0;
    deps.balance = overriding(deps.store.balance, {
      ledger: async (...args) => {
        const ledger = await read(...args);
        // A racing payout of 500 commits between the deposit's read and its write, once.
        if (++reads === 1) await paidOut(deps.store, scope, 500, run);
        return ledger;
      },
    });
    await makeDeposit(deps, dailyJob, run);
    const { items } = await listDeposits(deps, scope, 1);
    expect(items.map((d) => d.amount)).toEqual([2 * 952 - 500]);
    expect(await availableOf(deps)).toBe(0);
  });

  it('collapses the runs missed while nothing ran into one deposit, then waits for the next midnight', async () => {
    const deps = await setUp();
    const late = new Date('2026-11-29T15:00:00Z');
    await makeDeposit(deps, dailyJob, late);
    expect((await listDeposits(deps, scope, 1)).total).toBe(1);
    expect(await jobTimes(deps)).toEqual(['2026-11-30T00:00:00.000Z']);
  });
});

describe('the daily run', () => {
  it('is the next UTC midnight strictly after a time', () => {
    expect(nextDepositRun(new Date('2026-11-24T10:00:00Z')).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(nextDepositRun(new Date('2026-11-25T00:00:00Z')).toISOString()).toBe('2026-11-26T00:00:00.000Z');
  });
});
