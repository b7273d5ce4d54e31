import {
  fieldIssue,
  newEvent,
  PinError,
  presentRefund,
  type Refund,
  refundable,
  refundSettlementSeconds,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import { type ScheduledJob, TransactionConflictError } from '@wattle/ports';
import type { RuntimeDeps } from '@wattle/runtime';
import { ConditionFailedError } from '@wattle/store';

const amountRefused = (message: string): PinError =>
  new PinError('invalid_resource', { messages: [{ param: 'amount', code: 'amount_invalid', message }] });

/** Why `amount` cannot be refunded from a charge with `left` refundable, or null when it can. */
const refusal = (left: number, amount: number): PinError | null => {
  if (left === 0) return amountRefused('Amount cannot be refunded: nothing of the charge is left to refund');
  if (amount < 1) return amountRefused('Amount must be at least 1');
  if (amount > left) return amountRefused(`Amount must be no more than the refundable amount of ${left}`);
  return null;
};

/** The merchant's balance, settled or not, cannot cover the refund (PIN-REFERENCE §3). */
const insufficientBalance = (): PinError =>
  new PinError('insufficient_pin_balance', {
    description: 'Refund amount is more than your available Pin Payments balance.',
  });

/**
 * POST /charges/{token}/refunds: a Pending refund of `amount` (default: all that is left). The
 * charge's refundable amount is taken down under a condition, so racing refunds never exceed it;
 * the merchant's balance (proceeds still settling included) must cover it, checked again by the
 * debit's own condition at the commit, so refunds and transfers never spend the same money, and
 * racing refunds that the balance covers never hold each other up.
 */
export const createRefund = async (
  deps: RuntimeDeps,
  scope: Scope,
  chargeToken: string,
  amount: number | undefined,
): Promise<Refund> => {
  const { store, ids, clock } = deps;
  const charge = await store.payments.get(scope, chargeToken);
  if (charge?.kind !== 'charge') throw new PinError('not_found');
  if (charge.state !== 'captured') {
    throw new PinError('invalid_resource', {
      messages: [fieldIssue('charge', 'cannot be refunded: it was not captured')],
    });
  }
  const wanted = amount ?? refundable(charge);
  const refused = refusal(refundable(charge), wanted);
  if (refused) throw refused;
  const now = clock.now();
  const ledger = await store.balance.ledger(scope, charge.currency, now);
  if (wanted > ledger.available + ledger.unsettled) throw insufficientBalance();
  const refund: Refund = {
    token: ids.token('rf'),
    chargeToken,
    amount: wanted,
    currency: charge.currency,
    createdAt: toTimestamp(now),
    state: 'pending',
    errorMessage: null,
  };
  const event = newEvent(ids, 'refund.created', presentRefund(refund), refund.createdAt);
  const settleAt = new Date(now.getTime() + refundSettlementSeconds * 1000);
  try {
    await store.refunds.create(scope, refund, event, settleAt, now, ledger.credited);
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
    // Racing refunds or transfers took what this one needed since the read: short at the commit.
    if (error.label === 'balance') throw insufficientBalance();
    if (error.label !== 'charge') throw error;
    // Another refund took part of the charge in between: answer with what is left now (or, if a
    // failed refund gave it back since, ask for the same request again).
    const current = await store.payments.get(scope, chargeToken);
    throw (
      refusal(current ? refundable(current) : 0, wanted) ?? new TransactionConflictError({ cause: error })
    );
  }
  return refund;
};

/** The refund-settlement job: asks the processor, then records Success or Failed. */
export const settleRefund = async (deps: RuntimeDeps, job: ScheduledJob): Promise<void> => {
  const { store, ids, clock, processor } = deps;
  const refund = await store.refunds.get(job.scope, job.token);
  const charge = refund && (await store.payments.get(job.scope, refund.chargeToken));
  if (!refund || !charge || refund.state !== 'pending') {
    await store.schedule.drop(job);
    return;
  }
  const outcome = await processor.refund(charge.token, refund.token, refund.amount, charge.card);
  const now = clock.now();
  const settled: Refund = outcome.settled
    ? { ...refund, state: 'succeeded' }
    : { ...refund, state: 'failed', errorMessage: outcome.reason };
  const event = newEvent(
    ids,
    outcome.settled ? 'refund.succeeded' : 'refund.failed',
    presentRefund(settled),
    toTimestamp(now),
  );
  await store.refunds.settle(job.scope, charge, settled, job, event, now);
};
