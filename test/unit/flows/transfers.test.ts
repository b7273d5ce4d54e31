import { type Account, newBankAccount, type Scope } from '@wattle/domain';
import {
  createRecipient,
  createTransfer,
  listTransferLineItems,
  payOutTransfer,
  readBalance,
} from '@wattle/flows';
import { jobKinds, TransactionConflictError } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fixedClock, pacingLosingAfter, sequentialIds, virtualPacing } from '../../fakes/system.ts';
import { memoryStore, overriding, paidOut, settledCharges } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const ownAccount = newBankAccount(
  { name: 'Shop', bsb: '063000', number: '123456789' },
  'ba_own',
  '2026-11-01T00:00:00Z',
);

const merchant = (payoutBankAccount: Account['payoutBankAccount']): Account => ({
  id: scope.accountId,
  kind: 'merchant',
  name: 'Shop',
  email: 'shop@example.com',
  status: 'active',
  referredBy: null,
  createdAt: '2026-11-01T00:00:00Z',
  payoutBankAccount,
});

/** A merchant with its own bank account and three settled charges' proceeds (3 × 952). */
const setUp = async (account = merchant(ownAccount)) => {
  const store = memoryStore();
  await store.accounts.create(account, []);
  await settledCharges(store, scope);
  const { balance, transfers, payments, accounts, bankAccountTokens, recipients, schedule } = store;
  return {
    store,
    balance,
    transfers,
    payments,
    accounts,
    bankAccountTokens,
    recipients,
    schedule,
    clock: fixedClock('2026-11-24T10:00:00Z'),
    ids: sequentialIds(),
    pacing: virtualPacing(),
  };
};
type Deps = Awaited<ReturnType<typeof setUp>>;

const availableOf = async (deps: Deps) => (await readBalance(deps, scope))[0]?.available;

/** The charges a transfer has paid out (in part), as their transfers show. */
const linkedCharges = async (deps: Deps) => {
  const linked: string[] = [];
  for (const token of ['ch_1', 'ch_2', 'ch_3'])
    if ((await deps.payments.get(scope, token))?.transfers?.length) linked.push(token);
  return linked;
};

/** The transfers' payout jobs waiting. */
const payoutJobs = (deps: Deps) =>
  deps.schedule.due(jobKinds.transferPayout, new Date('2100-01-01T00:00:00Z'));

/** Another transfer of `amount`, committed at once. */
const racingDebit = (deps: Pick<Deps, 'store' | 'clock'>, amount: number) =>
  paidOut(deps.store, scope, amount, deps.clock.now());

describe('creating a transfer', () => {
  it('pays the merchant itself without a fee, and writes its line items and links at once', async () => {
    const deps = await setUp();
    const transfer = await createTransfer(deps, scope, {
      description: 'Payout',
      amount: 1500,
      recipient: 'self',
    });
    expect(transfer).toMatchObject({
      totalCredits: 1500,
      totalDebits: 0,
      lineItemsCount: 2,
      bankAccount: ownAccount,
    });
    expect(transfer.reference).toBe(`WATTLE ${transfer.token.slice(5, 13).toUpperCase()}`);
    const items = await listTransferLineItems(deps, scope, transfer.token, 1);
    expect(items.items.map((item) => [item.token, item.amount])).toEqual([
      ['ch_1', 952],
      ['ch_2', 548],
    ]);
    expect(await linkedCharges(deps)).toEqual(['ch_1', 'ch_2']);
    expect(await payoutJobs(deps)).toEqual([]);
    expect(await availableOf(deps)).toBe(3 * 952 - 1500);
  });

  it('charges the fee on a payout to a recipient and shows it as a line item', async () => {
    const deps = await setUp();
    const recipient = await createRecipient(deps, scope, {
      email: 'r@example.com',
      name: 'R',
      bankAccount: { details: { name: 'R', bsb: '083000', number: '987654321' } },
    });
    const transfer = await createTransfer(deps, scope, {
      description: 'Pay R',
      amount: 100,
      recipient: recipient.token,
    });
    expect(transfer.bankAccount).toEqual(recipient.bankAccount);
    expect(transfer).toMatchObject({ amount: 100, totalCredits: 130, totalDebits: 30, lineItemsCount: 2 });
    const items = await listTransferLineItems(deps, scope, transfer.token, 1);
    expect(items.items.map((item) => [item.type, item.amount])).toEqual([
      ['charge', 130],
      ['transfer_fee', -30],
    ]);
  });

  it('answers 402 when the available balance cannot cover amount and fee, and debits nothing', async () => {
    const deps = await setUp();
    await expect(
      createTransfer(deps, scope, { description: 'Too much', amount: 3 * 952 + 1, recipient: 'self' }),
    ).rejects.toMatchObject({ code: 'insufficient_pin_balance', status: 402 });
    expect(await availableOf(deps)).toBe(3 * 952);
    expect((await deps.transfers.list(scope, 1)).total).toBe(0);
  });

  it('refuses an unknown recipient, and self when the merchant has no bank account', async () => {
    await expect(
      createTransfer(await setUp(), scope, { description: 'x', amount: 1, recipient: 'rp_none' }),
    ).rejects.toMatchObject({ code: 'invalid_resource', messages: [{ param: 'recipient' }] });
    await expect(
      createTransfer(await setUp(merchant(null)), scope, { description: 'x', amount: 1, recipient: 'self' }),
    ).rejects.toMatchObject({ code: 'invalid_resource', messages: [{ param: 'recipient' }] });
  });

  it('reads again and decides again when a racing debit changed the balance (Changed)', async () => {
    const deps = await setUp();
    const create = deps.transfers.create.bind(deps.transfers);
    let rounds = 0;
    // The store's own transfers stay as they are: the racing debit commits through them.
    deps.transfers = overriding(deps.store.transfers, {
      create: async (...args) => {
        if (++rounds === 1) await racingDebit(deps, 1000); // another transfer commits first
        return create(...args);
      },
    });
    const transfer = await createTransfer(deps, scope, {
      description: 'Payout',
      amount: 500,
      recipient: 'self',
    });
    expect(rounds).toBe(2);
    // Decided on the second read: its proceeds start past what the racing debit consumed.
    expect(transfer.creditsFrom).toBe(1000);
    expect(await availableOf(deps)).toBe(3 * 952 - 1500);
  });

  it('answers 503 (a retryable conflict) when racing debits win every round', async () => {
    const deps = { ...(await setUp()), pacing: pacingLosingAfter(8) };
    const create = deps.transfers.create.bind(deps.transfers);
    let rounds = 0;
    // The store's own transfers stay as they are: the racing debit commits through them.
    deps.transfers = overriding(deps.store.transfers, {
      create: async (...args) => {
        rounds++;
        await racingDebit(deps, 1);
        return create(...args);
      },
    });
    const failure = await createTransfer(deps, scope, {
      description: 'x',
      amount: 10,
      recipient: 'self',
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransactionConflictError);
    expect(rounds).toBe(8);
    // Only the racing transfers were made.
    expect((await deps.transfers.list(scope, 1)).items.map((t) => t.description)).not.toContain('x');
  });

  it('leaves the payout to the job when the request could not finish it', async () => {
    const deps = await setUp();
    const link = deps.payments.linkTransfer.bind(deps.payments);
    deps.payments.linkTransfer = async () => {
      throw new Error('function timed out');
    };
    const transfer = await createTransfer(deps, scope, { description: 'x', amount: 2000, recipient: 'self' });
    expect(await payoutJobs(deps)).toHaveLength(1);
    deps.payments.linkTransfer = link;
    await payOutTransfer(deps, (await payoutJobs(deps))[0]!);
    expect(await payoutJobs(deps)).toEqual([]);
    expect(await linkedCharges(deps)).toEqual(['ch_1', 'ch_2', 'ch_3']);
    expect((await listTransferLineItems(deps, scope, transfer.token, 1)).items).toHaveLength(3);
  });
});
