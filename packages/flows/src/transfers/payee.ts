import { type BankAccount, fieldIssue, PinError, type Scope } from '@wattle/domain';
import type { PayoutAccounts, RecipientsStore } from '@wattle/ports';

export interface PayeeDeps {
  accounts: PayoutAccounts;
  recipients: Pick<RecipientsStore, 'get'>;
}

const recipientRefused = (phrase: string): PinError =>
  new PinError('invalid_resource', { messages: [fieldIssue('recipient', phrase)] });

/** Where the money goes: a recipient's bank account, or (`self`) the merchant's own. */
export const payeeOf = async (
  { accounts, recipients }: PayeeDeps,
  scope: Scope,
  recipient: string,
): Promise<BankAccount> => {
  if (recipient === 'self') {
    const account = await accounts.get(scope.accountId);
    if (!account?.payoutBankAccount)
      throw recipientRefused('cannot be self: this account has no bank account');
    return account.payoutBankAccount;
  }
  const found = await recipients.get(scope, recipient);
  if (!found) throw recipientRefused('must be a recipient token of this account or self');
  return found.recipient.bankAccount;
};
