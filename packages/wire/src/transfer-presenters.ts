import type {
  BankAccount,
  CurrencyBalance,
  Deposit,
  PlatformAdjustment,
  Recipient,
  Transfer,
  TransferLineItem,
  TransferLink,
} from '@wattle/domain';
import type {
  BalanceJson,
  BankAccountJson,
  DepositJson,
  LineItemJson,
  PlatformAdjustmentJson,
  RecipientJson,
  TransferJson,
  TransferLinkJson,
} from './objects.ts';

export const presentBankAccount = (account: BankAccount): BankAccountJson => ({
  token: account.token,
  name: account.name,
  bsb: account.bsb,
  number: account.number,
  bank_name: account.bankName,
  branch: account.branch,
});

/**
 * The recipient object, with Pin's `kyc_status` (issue 41): `absent`, as Wattle holds no
 * know-your-customer check of a recipient.
 */
export const presentRecipient = (recipient: Recipient): RecipientJson => ({
  token: recipient.token,
  name: recipient.name,
  email: recipient.email,
  kyc_status: 'absent',
  created_at: recipient.createdAt,
  bank_account: presentBankAccount(recipient.bankAccount),
});

export const presentTransfer = (transfer: Transfer): TransferJson => ({
  token: transfer.token,
  status: transfer.status,
  currency: transfer.currency,
  description: transfer.description,
  amount: transfer.amount,
  total_debits: transfer.totalDebits,
  total_credits: transfer.totalCredits,
  created_at: transfer.createdAt,
  paid_at: transfer.paidAt,
  reference: transfer.reference,
  line_items_count: transfer.lineItemsCount,
  bank_account: presentBankAccount(transfer.bankAccount),
  recipient: transfer.recipient,
});

export const presentLineItem = (item: TransferLineItem): LineItemJson => ({
  type: item.type,
  amount: item.amount,
  currency: item.currency,
  created_at: item.createdAt,
  object: item.object,
  token: item.token,
  record: item.record,
});

export const presentTransferLink = (link: TransferLink): TransferLinkJson => ({
  state: link.state,
  paid_at: link.paidAt,
  token: link.token,
});

/** How a charge shows it (only charges made with one show the field). */
export const presentPlatformAdjustment = (adjustment: PlatformAdjustment): PlatformAdjustmentJson => ({
  amount: adjustment.amount,
  currency: adjustment.currency,
});

/** Pin's deposit object; `amount` is a string, as in Pin's example (docs/api/behaviour.md). */
export const presentDeposit = (deposit: Deposit): DepositJson => ({
  token: deposit.token,
  status: deposit.status,
  amount: String(deposit.amount),
  currency: deposit.currency,
  narration: deposit.narration,
  created_at: deposit.createdAt,
  available_at: deposit.availableAt,
  bank_account: presentBankAccount(deposit.bankAccount),
});

/**
 * GET /balance: available, and pending as Pin documents it (available plus the estimated
 * proceeds of charges not yet settled), one entry per currency.
 */
export const presentBalance = (balances: CurrencyBalance[]): BalanceJson => ({
  available: balances.map((b) => ({ amount: b.available, currency: b.currency })),
  pending: balances.map((b) => ({ amount: b.available + b.unsettled, currency: b.currency })),
});
