import {
  type Account,
  newBankAccount,
  payoutReturnDelayMs,
  rejectedPayoutAccount,
  type Scope,
} from '@wattle/domain';
import { createTransfer, listTransferLineItems, readBalance, returnTransfer } from '@wattle/flows';
import { jobKinds } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds, virtualPacing } from '../../fakes/system.ts';
import { memoryStore, overriding, settledCharges } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };

const merchant = (details: { bsb: string; number: string }): Account => ({
  id: scope.accountId,
  kind: 'merchant',
  name: 'Shop',
  email: 'shop@example.com',
  status: 'active',
  referredBy: null,
  createdAt: '2026-11-01T00:00:00Z',
  payoutBankAccount: newBankAccount({ name: 'Shop', ...details }, 'ba_own', '2026-11-01T00:00:00Z'),
});

/** A merchant paying out to the rejected test account, with three settled charges (3 × 952). */
const setUp = async (details: { bsb: string; number: string } = rejectedPayoutAccount) => {
  const store = memoryStore();
  await store.accounts.create(merchant(details), []);
  await settledCharges(store, scope);
  const { balance, transfers, payments, accounts, recipients, schedule, events } = store;
  return {
    balance,
    transfers,
    payments,
    accounts,
    recipients,
    schedule,
    events,
    clock: fixedClock('2026-11-24T10:00:00Z'),
    ids: sequentialIds(),
    pacing: virtualPacing(),
  };
};
type Deps = Awaited<ReturnType<typeof setUp>>;

const far = new Date('2100-01-01T00:00:00Z');
const availableOf = async (deps: Deps) => (await readBalance(deps, scope))[0]?.available;
const returnJobOf = async (deps: Deps) => (await deps.schedule.due(jobKinds.transferReturn, far))[0];
/** The transfer.failed events recorded, oldest first. */
const failures = async (deps: Deps) =>
  (await deps.events.list(scope, 1)).items.filter((e) => e.type === 'transfer.failed').reverse();

describe('a transfer to the account the simulated bank rejects', () => {
  it('is made as usual, with a return job due a day later; any other account gets none', async () => {
    const deps = await setUp();
    const transfer = await createTransfer(deps, scope, {
      description: 'Payout',
      amount: 1500,
      recipient: 'self',
    });
    expect(transfer.status).toBe('succeeded');
    expect((await returnJobOf(deps))?.dueAt).toEqual(
      new Date(Date.parse('2026-11-24T10:00:00Z') + payoutReturnDelayMs),
    );
    expect(await availableOf(deps)).toBe(3 * 952 - 1500);

    const other = await setUp({ bsb: rejectedPayoutAccount.bsb, number: '111111114' });
    await createTransfer(other, scope, { description: 'Payout', amount: 1500, recipient: 'self' });
    expect(await returnJobOf(other)).toBeUndefined();
  });

  it('fails when returned: transfer.failed, its money back, its charges showing it failed', async () => {
    const deps = await setUp();
    const transfer = await createTransfer(deps, scope, {
      description: 'Payout',
      amount: 1500,
      recipient: 'self',
    });
    deps.clock.advance(payoutReturnDelayMs);
    await returnTransfer(deps, (await returnJobOf(deps))!);

    const failed = await deps.transfers.get(scope, transfer.token);
    expect(failed?.status).toBe('failed');
    expect((await failures(deps)).map((e) => [e.type, e.data.token, e.data.status])).toEqual([
      ['transfer.failed', transfer.token, 'failed'],
    ]);
    expect((await failures(deps))[0]!.createdAt).toBe('2026-11-25T10:00:00Z');
    expect(await availableOf(deps)).toBe(3 * 952);
    expect(await deps.schedule.due(jobKinds.transferReturn, far)).toEqual([]);
    expect(await deps.schedule.due(jobKinds.transferPayout, far)).toEqual([]);
    for (const charge of ['ch_1', 'ch_2'])
      expect((await deps.payments.get(scope, charge))?.transfers).toEqual([
        { state: 'failed', paidAt: transfer.paidAt, token: transfer.token },
      ]);
    // The line items still say what it drew on.
    expect((await listTransferLineItems(deps, scope, transfer.token, 1)).items.map((i) => i.amount)).toEqual([
      952, 548,
    ]);
  });

  it('gives its charges to the next transfer first, which pays them out again', async () => {
    const deps = await setUp();
    await createTransfer(deps, scope, { description: 'Payout', amount: 1500, recipient: 'self' });
    await returnTransfer(deps, (await returnJobOf(deps))!);
    const again = await createTransfer(deps, scope, {
      description: 'Again',
      amount: 2856,
      recipient: 'self',
    });
    const items = await listTransferLineItems(deps, scope, again.token, 1);
    expect(items.items.map((i) => [i.token, i.amount])).toEqual([
      ['ch_1', 952],
      ['ch_2', 548],
      ['ch_2', 404],
      ['ch_3', 952],
    ]);
    expect(await availableOf(deps)).toBe(0);
  });

  it('fails once when overlapping runs take the same job, or the job runs again afterwards', async () => {
    const deps = await setUp();
    await createTransfer(deps, scope, { description: 'Payout', amount: 1500, recipient: 'self' });
    const job = (await returnJobOf(deps))!;
    await Promise.all([returnTransfer(deps, job), returnTransfer(deps, job)]);
    await returnTransfer(deps, job);
    expect(await failures(deps)).toHaveLength(1);
    expect(await availableOf(deps)).toBe(3 * 952);
  });

  it('makes a transfer that read the balance before the return read it again (no overdraft, no loss)', async () => {
    const deps = await setUp();
    await createTransfer(deps, scope, { description: 'Payout', amount: 2000, recipient: 'self' });
    const job = (await returnJobOf(deps))!;
    // The return lands between a racing transfer's read and its write: its write is Changed, it reads again.
    let returned = false;
    const racing = {
      ...deps,
      transfers: overriding(deps.transfers, {
        create: async (...args: Parameters<typeof deps.transfers.create>) => {
          if (!returned) {
            returned = true;
            await returnTransfer(deps, job);
          }
          return deps.transfers.create(...args);
        },
      }),
    };
    // It drains what it read (856); read again, it pays that out of the returned charges first.
    const drain = await createTransfer(racing, scope, {
      description: 'Drain',
      amount: 856,
      recipient: 'self',
    });
    expect(returned).toBe(true);
    expect(await availableOf(deps)).toBe(3 * 952 - 856);
    expect(await failures(deps)).toHaveLength(1);
    const items = await listTransferLineItems(deps, scope, drain.token, 1);
    expect(items.items.map((i) => [i.token, i.amount])).toEqual([['ch_1', 856]]);
  });
});
