import type { BankAccount } from '@wattle/domain';
import type { StoreContext } from '../kernel/context.ts';
import { keys } from '../kernel/keys.ts';
import { SingleUseTokens } from '../kernel/single-use-tokens.ts';

/** Unused bank account tokens from POST /bank_accounts: single use (one recipient), one month. */
export const bankAccountTokens = (ctx: StoreContext): SingleUseTokens<BankAccount> =>
  new SingleUseTokens<BankAccount>(ctx, {
    key: keys.bankAccountToken,
    entityType: 'bank_account_token',
    label: 'bank-account-token',
  });
