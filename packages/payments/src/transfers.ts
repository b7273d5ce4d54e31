import {
  type BankAccount,
  type ChargeCredit,
  chargeLineItem,
  feeLineItem,
  fieldIssue,
  newEvent,
  overlapOf,
  PinError,
  paidFromGivenBack,
  presentTransfer,
  type Scope,
  type Transfer,
  type TransferLineItem,
  takeGivenBack,
  thirdPartyTransferFee,
  toTimestamp,
  transferCurrency,
} from '@wattle/domain';
import type { ScheduledJob } from '@wattle/ports';
import { JobTaken } from '@wattle/ports';
import type { RuntimeDeps } from '@wattle/runtime';
import { type CreditCursor, type PayoutJobData, retryOnChange, type Store } from '@wattle/store';

export interface TransferInput {
  description: string;
  amount: number;
  /** A recipient token, or `self` for the merchant's own bank account. */
  recipient: string;
}

const recipientRefused = (phrase: string): PinError =>
  new PinError('invalid_resource', { messages: [fieldIssue('recipient', phrase)] });

/** Where the money goes: a recipient's bank account, or the merchant's own. */
const payeeOf = async (store: Store, scope: Scope, recipient: string): Promise<BankAccount> => {
  if (recipient === 'self') {
    const account = await store.accounts.get(scope.accountId);
    if (!account?.payoutBankAccount)
      throw recipientRefused('cannot be self: this account has no bank account');
    return account!.payoutBankAccount!;
  }
  const found = await store.recipients.get(scope, recipient);
  if (!found) throw recipientRefused('must be a recipient token of this account or self');
  return found.recipient.bankAccount;
};

/** The charges' proceeds in [from, to) and where a walk over them starts and stops. */
interface CreditsSpan {
  credits: { credit: ChargeCredit; amount: number }[];
  from: CreditCursor | null;
  to: CreditCursor | null;
}

/**
 * Walks the merchant's charge proceeds, in capture order, from `cursor` and collects the part of
 * each inside [from, to). Deterministic: the proceeds before the balance's `consumed` mark never
 * change, so the job that writes the line items later finds exactly what the request found.
 */
const spanOf = async (
  store: Store,
  scope: Scope,
  cursor: CreditCursor | null,
  from: number,
  to: number,
): Promise<CreditsSpan> => {
  const span: CreditsSpan = { credits: [], from: null, to: cursor };
  if (to <= from) return span;
  await store.balance.walkCredits(scope, transferCurrency, cursor, (credit, before) => {
    const amount = overlapOf(credit, before, from, to);
    if (before + credit.merchantEntitlement <= from) return true;
    if (amount > 0) {
      span.from ??= { position: credit.position, before };
      span.credits.push({ credit, amount });
    }
    span.to = { position: credit.position, before };
    return before + credit.merchantEntitlement < to;
  });
  return span;
};

/**
 * Up to this many line items the request writes them itself (the response's charges show the
 * transfer at once); a bigger payout is left to the scheduler, within a minute, so the request
 * stays far below API Gateway's 29 seconds.
 */
export const inlinePayoutLimit = 200;

/** Charges linked at once by the payout job. */
const linkConcurrency = 16;

/**
 * POST /transfers: pays `amount` (plus the fee, for someone else) out of the available AUD
 * balance. The debit commits only if no other debit came in since the balance was read (a
 * version on the debits), so racing transfers never overdraw it; a loser reads again.
 */
export const createTransfer = async (
  deps: RuntimeDeps,
  scope: Scope,
  input: TransferInput,
): Promise<Transfer> => {
  const { store, ids, clock } = deps;
  const bankAccount = await payeeOf(store, scope, input.recipient);
  const fee = input.recipient === 'self' ? 0 : thirdPartyTransferFee;
  const { transfer, job } = await retryOnChange(
    'balance',
    async () => {
      const now = clock.now();
      const ledger = await store.balance.ledger(scope, transferCurrency, now);
      const total = input.amount + fee;
      if (total > ledger.available) throw new PinError('insufficient_pin_balance');
      // Failed refunds' give-backs first, then the captures' proceeds from the consumed mark on.
      const givenBack = takeGivenBack(ledger.givenBack, total);
      const consumes = total - givenBack.covered;
      const span = await spanOf(store, scope, ledger.cursor, ledger.consumed, ledger.consumed + consumes);
      const at = toTimestamp(now);
      const token = ids.token('tfer');
      const transfer: Transfer = {
        token,
        status: 'succeeded',
        currency: transferCurrency,
        description: input.description,
        amount: input.amount,
        totalCredits: total,
        totalDebits: fee,
        createdAt: at,
        paidAt: at,
        reference: `WATTLE ${token.slice(5, 13).toUpperCase()}`,
        lineItemsCount: givenBack.paid.length + span.credits.length + (fee > 0 ? 1 : 0),
        bankAccount,
        recipient: input.recipient,
        creditsFrom: ledger.consumed,
        ...(givenBack.paid.length > 0 ? { givenBackPaid: givenBack.paid } : {}),
      };
      const event = newEvent(ids, 'transfer.created', presentTransfer(transfer), at);
      const job = await store.transfers.create(scope, transfer, event, now, {
        ledger,
        job: { cursor: span.from },
        walkEnd: span.to,
        consumes,
        givenBackLeft: givenBack.paid.length > 0 ? givenBack.left : undefined,
      });
      return { transfer, job };
    },
    8,
  );
  if (transfer.lineItemsCount <= inlinePayoutLimit) {
    await payOutTransfer(deps, job).catch(() => {
      // The scheduler runs the payout job again: the transfer itself is committed.
    });
  }
  return transfer;
};

/**
 * The payout job: writes the transfer's line items and shows the transfer on each charge it paid
 * out. Every write is idempotent, so a run that crashed half way is simply run again.
 */
export const payOutTransfer = async (deps: RuntimeDeps, job: ScheduledJob): Promise<void> => {
  const { store } = deps;
  const transfer = await store.transfers.get(job.scope, job.token);
  if (transfer) {
    const { cursor } = job.data as unknown as PayoutJobData;
    const from = transfer.creditsFrom;
    const span = await spanOf(
      store,
      job.scope,
      cursor,
      from,
      from + transfer.totalCredits - paidFromGivenBack(transfer),
    );
    const paid = [...(transfer.givenBackPaid ?? []), ...span.credits];
    const items: TransferLineItem[] = paid.map(({ credit, amount }) =>
      chargeLineItem(credit, amount, transfer.createdAt),
    );
    if (transfer.totalDebits > 0) items.push(feeLineItem(transfer));
    await store.transfers.putLineItems(job.scope, transfer.token, 1, items);
    const link = { state: transfer.status, paidAt: transfer.paidAt, token: transfer.token };
    const charges = [...new Set(paid.map(({ credit }) => credit.chargeToken))];
    for (let i = 0; i < charges.length; i += linkConcurrency) {
      await Promise.all(
        charges
          .slice(i, i + linkConcurrency)
          .map((charge) => store.payments.linkTransfer(job.scope, charge, link)),
      );
    }
  }
  try {
    await store.schedule.drop(job);
  } catch (error) {
    if (!(error instanceof JobTaken)) throw error;
  }
};
