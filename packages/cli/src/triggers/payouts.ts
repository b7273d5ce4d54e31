import { type ApiClient, responseOf } from '../api-client.ts';
import { clockOf, localOf, type Recipe } from './recipe.ts';
import {
  charge,
  day,
  instantProceedsCard,
  recipient,
  rejectedBankAccount,
  sampleBankAccount,
  sampleCard,
} from './samples.ts';

const transferAmount = 500;

/**
 * Enough available for a transfer of `transferAmount` and its fee: a charge on the instant-proceeds
 * test card that covers what the account lacks (refunds may have taken the balance below zero), its
 * fees included.
 */
const fundTransfer = async (api: ApiClient) => {
  const balance = responseOf(await api.call('GET', '/1/balance'));
  const available = balance.available.find((b: { currency: string }) => b.currency === 'AUD')?.amount ?? 0;
  const lacking = transferAmount + 100 - available;
  if (lacking <= 0) return;
  await charge(api, {
    amount: Math.max(1000, Math.ceil((lacking + 30) / 0.95)),
    card: sampleCard(instantProceedsCard),
  });
};

/** Proceeds available at once (the instant-proceeds test card), then a transfer of part of them. */
const transferTo = async (api: ApiClient, bankAccount = sampleBankAccount) => {
  await fundTransfer(api);
  const payee = await recipient(api, bankAccount);
  return responseOf(
    await api.call('POST', '/1/transfers', {
      amount: transferAmount,
      currency: 'AUD',
      description: 'wattle trigger sample',
      recipient: payee.token,
    }),
  );
};

/** Transfers and deposits. */
export const payoutRecipes: Recipe[] = [
  {
    type: 'transfer.created',
    needs: 'api',
    does: `charges ${instantProceedsCard} (proceeds available at capture), then transfers 5.00 AUD to a new recipient`,
    run: async ({ api }) => ({ events: api, about: (await transferTo(api)).token }),
  },
  {
    type: 'transfer.failed',
    needs: 'clock',
    does: 'transfers to the test bank account 062-000 111111113, which returns it a day later; moves the clock a day',
    run: async (context) => {
      const transfer = await transferTo(context.api, rejectedBankAccount);
      await clockOf(context)(day + 60);
      return { events: context.api, about: transfer.token };
    },
  },
  {
    type: 'deposit.created',
    needs: 'local',
    does: 'makes a merchant paid by daily deposits, charges it, moves the clock past midnight UTC',
    run: async (context) => {
      const merchant = await localOf(context).newMerchant({
        name: 'Deposits sample',
        bank_account: sampleBankAccount,
        transfers_enabled: false,
      });
      await charge(merchant, { card: sampleCard(instantProceedsCard) });
      await clockOf(context)(day);
      const deposits = responseOf(await merchant.call('GET', '/1/deposits'));
      return {
        events: merchant,
        about: deposits[0]?.token ?? '',
        note: 'in the events of a new merchant paid by deposits (the seeded merchant uses transfers)',
      };
    },
  },
];
