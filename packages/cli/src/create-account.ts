import { type BankAccountDetails, PinError } from '@wattle/domain';
import { bankAccountFields, validate } from '@wattle/wire';
import * as v from 'valibot';
import type { CreateAccountArgs } from './args.ts';
import { postLocal } from './local-control.ts';
import { localStackOrigin } from './target.ts';

/** What the command prints: the same shape whichever target made the account. */
export interface CreatedAccount {
  accountId: string;
  kind: 'merchant' | 'partner';
  test?: { secretKey: string; publishableKey: string };
  live?: { secretKey: string; publishableKey: string };
  partnerKey?: string;
}

const bankAccountSchema = v.object(bankAccountFields());

/**
 * The bank account given on the command line, checked as POST /bank_accounts checks it; an
 * Error naming every problem otherwise.
 */
export const payoutBankAccountOf = (args: CreateAccountArgs): BankAccountDetails | null => {
  if (!args.bankAccount) return null;
  try {
    return validate(bankAccountSchema, args.bankAccount);
  } catch (error) {
    const messages = error instanceof PinError ? (error.messages ?? []) : [];
    if (messages.length === 0) throw error;
    throw new Error(`Bank account: ${messages.map((m) => m.message).join('; ')}`);
  }
};

/** Through the running local stack's control endpoint, found from its local.json. */
export const createInLocalStack = async (
  args: CreateAccountArgs,
  dataDir: string,
): Promise<CreatedAccount> => {
  const bankAccount = payoutBankAccountOf(args);
  const made = await postLocal(await localStackOrigin(dataDir, '--table'), '/accounts', {
    name: args.name,
    email: args.email,
    kind: args.partner ? 'partner' : 'merchant',
    ...(args.referredBy ? { referred_by: args.referredBy } : {}),
    ...(bankAccount ? { bank_account: bankAccount } : {}),
    ...(args.deposits ? { transfers_enabled: false } : {}),
  });
  return made as CreatedAccount;
};

export const describeAccount = (made: CreatedAccount): string => {
  const lines = [
    `Created ${made.kind} account ${made.accountId}. The keys are shown once; only their hashes are kept.`,
  ];
  if (made.partnerKey) lines.push(`  partner key:          ${made.partnerKey}`);
  for (const environment of ['test', 'live'] as const) {
    const keys = made[environment];
    if (!keys) continue;
    lines.push(`  ${environment} secret key:      ${keys.secretKey}`);
    lines.push(`  ${environment} publishable key: ${keys.publishableKey}`);
  }
  return lines.join('\n');
};
