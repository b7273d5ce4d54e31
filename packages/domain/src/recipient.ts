import { type BankAccount, presentBankAccount } from './bank-account.ts';

/** Someone transfers pay out to (docs/api/cookbook/transfers.md): an e-mail, a name and a bank account. */
export interface Recipient {
  token: string;
  name: string;
  email: string;
  createdAt: string;
  bankAccount: BankAccount;
}

/**
 * The recipient object, with Pin's `kyc_status` (issue 41): `absent`, as Wattle holds no
 * know-your-customer check of a recipient.
 */
export const presentRecipient = (recipient: Recipient) => ({
  token: recipient.token,
  name: recipient.name,
  email: recipient.email,
  kyc_status: 'absent',
  created_at: recipient.createdAt,
  bank_account: presentBankAccount(recipient.bankAccount),
});
