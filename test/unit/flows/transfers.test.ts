import { type Account, type ChargeCredit, newBankAccount, type Scope } from '@wattle/domain';
import {
  createRecipient,
  createTransfer,
  listTransferLineItems,
  payOutTransfer,
  readBalance,
} from '@wattle/flows';
import { TransactionConflictError } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fakeBalance } from '../../fakes/balance.ts';
import { fakeBankAccountTokens } from '../../fakes/bank-account-tokens.ts';
import { fakeRecipients } from '../../fakes/recipients.ts';
import { fixedClock, pacingLosingAfter, sequentialIds, virtualPacing } from '../../fakes/system.ts';
import { fakeAccounts, fakeSchedule, fakeTransferLinks, fakeTransfers } from '../../fakes/transfers.ts';

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

const credit = (i: number): ChargeCredit => ({
  position: `2026-11-1${i}T00:00:00.000Z#ch_${i}`,
  chargeToken: `ch_${i}`,
  description: `Order ${i}`,
  amount: 1000,
  totalFees: 48,
  merchantEntitlement: 952,
  createdAt: `2026-11-1${i}T00:00:00Z`,
});

/** A merchant with its own bank account and three settled charges' proceeds (3 × 952). */
const setUp = (account = merchant(ownAccount)) => {
  const balance = fakeBalance();
  for (const i of [1, 2, 3]) balance.credit(scope, credit(i), true);
  const transfers = fakeTransfers(balance);
  const bankAccountTokens = fakeBankAccountTokens();
  return {
    balance,
    transfers,
    payments: fakeTransferLinks(),
    accounts: fakeAccounts(account),
    bankAccountTokens,
    recipients: fakeRecipients(bankAccountTokens),
    schedule: fakeSchedule(transfers.jobs),
    clock: fixedClock('2026-11-24T10:00:00Z'),
    ids: sequentialIds(),
    pacing: virtualPacing(),
  };
};

const availableOf = async (deps: ReturnType<typeof setUp>) => (await readBalance(deps, scope))[0]?.available;

describe('creating a transfer', () => {
  it('pays the merchant itself without a fee, and writes its line items and links at once', async () => {
    const deps = setUp();
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
    expect([...deps.payments.links.keys()]).toEqual(['ch_1', 'ch_2']);
    expect(deps.transfers.jobs).toEqual([]);
    expect(await availableOf(deps)).toBe(3 * 952 - 1500);
  });

  it('charges the fee on a payout to a recipient and shows it as a line item', async () => {
    const deps = setUp();
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
    const deps = setUp();
    await expect(
      createTransfer(deps, scope, { description: 'Too much', amount: 3 * 952 + 1, recipient: 'self' }),
    ).rejects.toMatchObject({ code: 'insufficient_pin_balance', status: 402 });
    expect(await availableOf(deps)).toBe(3 * 952);
    expect((await deps.transfers.list(scope, 1)).total).toBe(0);
  });

  it('refuses an unknown recipient, and self when the merchant has no bank account', async () => {
    await expect(
      createTransfer(setUp(), scope, { description: 'x', amount: 1, recipient: 'rp_none' }),
    ).rejects.toMatchObject({ code: 'invalid_resource', messages: [{ param: 'recipient' }] });
    await expect(
      createTransfer(setUp(merchant(null)), scope, { description: 'x', amount: 1, recipient: 'self' }),
    ).rejects.toMatchObject({ code: 'invalid_resource', messages: [{ param: 'recipient' }] });
  });

  it('reads again and decides again when a racing debit changed the balance (Changed)', async () => {
    const deps = setUp();
    const create = deps.transfers.create;
    let rounds = 0;
    deps.transfers.create = async (...args) => {
      if (++rounds === 1) deps.balance.debit(scope, 'AUD', 1000); // another transfer commits first
      return create(...args);
    };
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
    const deps = { ...setUp(), pacing: pacingLosingAfter(8) };
    const create = deps.transfers.create;
    let rounds = 0;
    deps.transfers.create = async (...args) => {
      rounds++;
      deps.balance.debit(scope, 'AUD', 1);
      return create(...args);
    };
    const failure = await createTransfer(deps, scope, {
      description: 'x',
      amount: 10,
      recipient: 'self',
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransactionConflictError);
    expect(rounds).toBe(8);
    expect((await deps.transfers.list(scope, 1)).total).toBe(0);
  });

  it('leaves the payout to the job when the request could not finish it', async () => {
    const deps = setUp();
    const link = deps.payments.linkTransfer;
    deps.payments.linkTransfer = async () => {
      throw new Error('function timed out');
    };
    const transfer = await createTransfer(deps, scope, { description: 'x', amount: 2000, recipient: 'self' });
    expect(deps.transfers.jobs).toHaveLength(1);
    deps.payments.linkTransfer = link;
    await payOutTransfer(deps, deps.transfers.jobs[0]!);
    expect(deps.transfers.jobs).toEqual([]);
    expect([...deps.payments.links.keys()]).toEqual(['ch_1', 'ch_2', 'ch_3']);
    expect((await listTransferLineItems(deps, scope, transfer.token, 1)).items).toHaveLength(3);
  });
});
