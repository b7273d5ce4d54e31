import type { BankAccount } from './bank-account.ts';

/** Someone transfers pay out to (docs/api/cookbook/transfers.md): an e-mail, a name and a bank account. */
export interface Recipient {
  token: string;
  name: string;
  email: string;
  createdAt: string;
  bankAccount: BankAccount;
}
