import { type BankAccount, presentBankAccount } from './bank-account.ts';

/** Someone transfers pay out to (PIN-REFERENCE §4.7): an e-mail, a name and a bank account. */
export interface Recipient {
  token: string;
  name: string;
  email: string;
  createdAt: string;
  bankAccount: BankAccount;
}

export const presentRecipient = (recipient: Recipient) => ({
  token: recipient.token,
  name: recipient.name,
  email: recipient.email,
  created_at: recipient.createdAt,
  bank_account: presentBankAccount(recipient.bankAccount),
});
