import { provisionAccount } from '@wattle/flows';
import { randomIds, randomSecrets, runtimeClock } from '@wattle/runtime';
import type { CreateAccountArgs } from './args.ts';
import { type CreatedAccount, payoutBankAccountOf } from './create-account.ts';
import { tableStore } from './table-store.ts';

// Apart from create-account.ts: only an account made in a table loads the store, the flows and the
// AWS SDK; one made through the local stack starts without them.

/** Straight into a table: a deployed stack (AWS credentials) or a DynamoDB Local. */
export const createInTable = async (args: CreateAccountArgs & { table: string }): Promise<CreatedAccount> => {
  const payoutBankAccount = payoutBankAccountOf(args);
  const store = tableStore(args.table, args.endpoint);
  const made = await provisionAccount(
    { accounts: store.accounts, ids: randomIds, clock: runtimeClock, secrets: randomSecrets },
    {
      kind: args.partner ? 'partner' : 'merchant',
      name: args.name,
      email: args.email,
      referredBy: args.referredBy,
      payoutBankAccount,
      ...(args.deposits ? { transfersEnabled: false } : {}),
    },
  );
  return {
    accountId: made.account.id,
    kind: made.account.kind,
    ...(made.keys ?? {}),
    ...(made.partnerKey ? { partnerKey: made.partnerKey } : {}),
  };
};
