import { bsbNamesOf } from './bsb-directory.ts';

/** Bank account details as sent: the holder's name, the six-digit BSB and the account number. */
export interface BankAccountDetails {
  name: string;
  bsb: string;
  number: string;
}

/** A stored bank account: the number only masked (docs/api/cookbook/bank-accounts.md). */
export interface BankAccount {
  token: string;
  name: string;
  bsb: string;
  number: string;
  bankName: string;
  branch: string;
  createdAt: string;
  /**
   * The simulated bank returns payouts to it (the test account `rejectedPayoutAccount`): decided
   * when the account is made, the only time the full number is at hand. Never presented.
   */
  rejectsPayouts?: true;
}

/**
 * The test bank account the simulated bank rejects (Pin has none; Stripe's AU closed-account test
 * number under a Commonwealth Bank BSB, whose prefix APCA assigns): transfers to it are made, then
 * fail (transfer.failed) when the bank returns them.
 */
export const rejectedPayoutAccount = { bsb: '062000', number: '111111113' } as const;

const rejectsPayouts = (details: BankAccountDetails): Pick<BankAccount, 'rejectsPayouts'> =>
  details.bsb === rejectedPayoutAccount.bsb && details.number === rejectedPayoutAccount.number
    ? { rejectsPayouts: true }
    : {};

/** BSBs are six digits, often written 123-456. */
export const normaliseBsb = (raw: string): string => raw.replace(/[\s-]/g, '');

export const isValidBsb = (bsb: string): boolean => /^\d{6}$/.test(bsb);

/** Australian account numbers: up to nine digits (we take 4 to 10, spaces and dashes dropped). */
export const normaliseAccountNumber = (raw: string): string => raw.replace(/[\s-]/g, '');

export const isValidAccountNumber = (number: string): boolean => /^\d{4,10}$/.test(number);

/** Only the trailing three digits stay visible: 123456321 → XXXXXX321. */
export const maskAccountNumber = (number: string): string => 'X'.repeat(number.length - 3) + number.slice(-3);

export const newBankAccount = (
  details: BankAccountDetails,
  token: string,
  createdAt: string,
): BankAccount => ({
  token,
  name: details.name,
  bsb: details.bsb,
  number: maskAccountNumber(details.number),
  ...bsbNamesOf(details.bsb),
  createdAt,
  ...rejectsPayouts(details),
});

/** Bank account tokens expire one month after creation if unused. */
export const bankAccountTokenLifetimeMonths = 1;
