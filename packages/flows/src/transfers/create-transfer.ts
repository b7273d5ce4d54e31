import {
  type Clock,
  type Ids,
  newEvent,
  PinError,
  payoutReturnDue,
  type Scope,
  type Transfer,
  takeGivenBack,
  toTimestamp,
  transferCurrency,
  transferFee,
  transferReference,
} from '@wattle/domain';
import type { BalanceStore, RetryPacing } from '@wattle/ports';
import { presentTransfer } from '@wattle/wire';
import { retryOnChange } from '../shared/retry-on-change.ts';
import { type PayOutTransferDeps, payOutTransfer } from './pay-out-transfer.ts';
import { type PayeeDeps, payeeOf } from './payee.ts';
import { spanOf } from './payout-span.ts';

export interface TransferInput {
  description: string;
  amount: number;
  /** A recipient token, or `self` for the merchant's own bank account. */
  recipient: string;
}

export type CreateTransferDeps = PayeeDeps &
  PayOutTransferDeps & {
    balance: Pick<BalanceStore, 'ledger' | 'walkCredits'>;
    clock: Clock;
    ids: Ids;
    pacing: RetryPacing;
  };

/**
 * Up to this many line items the request writes them itself (the response's charges show the
 * transfer at once); a bigger payout is left to the scheduler, within a minute, so the request
 * stays far below API Gateway's 29 seconds.
 */
export const inlinePayoutLimit = 200;

/**
 * POST /transfers: pays `amount` (plus the fee, for someone else) out of the available AUD
 * balance. The debit commits only if no other debit came in since the balance was read (the
 * store answers Changed otherwise), so racing transfers never overdraw it; a loser reads again.
 */
export const createTransfer = async (
  deps: CreateTransferDeps,
  scope: Scope,
  input: TransferInput,
): Promise<Transfer> => {
  const { balance, transfers, clock, ids } = deps;
  const bankAccount = await payeeOf(deps, scope, input.recipient);
  const fee = transferFee(input.recipient);
  const { transfer, job } = await retryOnChange(deps.pacing, async () => {
    const now = clock.now();
    const ledger = await balance.ledger(scope, transferCurrency, now);
    const total = input.amount + fee;
    if (total > ledger.available) throw new PinError('insufficient_pin_balance');
    // Failed refunds' give-backs first, then the captures' proceeds from the consumed mark on.
    const givenBack = takeGivenBack(ledger.givenBack, total);
    const consumes = total - givenBack.covered;
    const span = await spanOf(balance, scope, ledger.cursor, ledger.consumed, ledger.consumed + consumes);
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
      reference: transferReference(token),
      lineItemsCount: givenBack.paid.length + span.credits.length + (fee > 0 ? 1 : 0),
      bankAccount,
      recipient: input.recipient,
      creditsFrom: ledger.consumed,
      ...(givenBack.paid.length > 0 ? { givenBackPaid: givenBack.paid } : {}),
    };
    const event = newEvent(ids, 'transfer.created', presentTransfer(transfer), at);
    const returnsAt = payoutReturnDue(transfer, now);
    const job = await transfers.create(scope, transfer, event, now, {
      ledger,
      job: { cursor: span.from },
      walkEnd: span.to,
      consumes,
      givenBackLeft: givenBack.paid.length > 0 ? givenBack.left : undefined,
      ...(returnsAt ? { returnsAt } : {}),
    });
    return { transfer, job };
  });
  if (transfer.lineItemsCount <= inlinePayoutLimit) {
    await payOutTransfer(deps, job).catch(() => {
      // The scheduler runs the payout job again: the transfer itself is committed.
    });
  }
  return transfer;
};
