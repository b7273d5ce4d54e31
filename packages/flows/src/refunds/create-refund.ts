import {
  type Clock,
  fieldIssue,
  type Ids,
  newEvent,
  PinError,
  type Refund,
  refundAmountRefusal,
  refundable,
  refundSettlesAt,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import {
  BalanceShort,
  type BalanceStore,
  Changed,
  type PaymentReader,
  type RefundsStore,
  TransactionConflictError,
} from '@wattle/ports';
import { presentRefund } from '@wattle/wire';

export interface CreateRefundDeps {
  payments: PaymentReader;
  refunds: RefundsStore;
  balance: Pick<BalanceStore, 'ledger'>;
  clock: Clock;
  ids: Ids;
}

/** The merchant's balance, settled or not, cannot cover the refund (docs/api/behaviour.md, 402). */
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
  { payments, refunds, balance, clock, ids }: CreateRefundDeps,
  scope: Scope,
  chargeToken: string,
  amount: number | undefined,
): Promise<Refund> => {
  const charge = await payments.get(scope, chargeToken);
  if (charge?.kind !== 'charge') throw new PinError('not_found');
  if (charge.state !== 'captured') {
    throw new PinError('invalid_resource', {
      messages: [fieldIssue('charge', 'cannot be refunded: it was not captured')],
    });
  }
  // The issuer took the disputed money back already: a refund would pay the cardholder twice.
  if (charge.dispute) {
    throw new PinError('invalid_resource', {
      messages: [fieldIssue('charge', 'cannot be refunded: it is disputed')],
    });
  }
  const wanted = amount ?? refundable(charge);
  const refused = refundAmountRefusal(refundable(charge), wanted);
  if (refused) throw refused;
  const now = clock.now();
  const ledger = await balance.ledger(scope, charge.currency, now);
  if (wanted > ledger.available + ledger.unsettled) throw insufficientBalance();
  const refund: Refund = {
    token: ids.token('rf'),
    chargeToken,
    amount: wanted,
    currency: charge.currency,
    createdAt: toTimestamp(now),
    state: 'pending',
    errorMessage: null,
    ...(charge.processorAccount ? { processorAccount: charge.processorAccount } : {}),
  };
  const event = newEvent(ids, 'refund.created', presentRefund(refund), refund.createdAt);
  try {
    await refunds.create(scope, refund, event, refundSettlesAt(now), now, ledger.credited);
  } catch (error) {
    // Racing refunds or transfers took what this one needed since the read: short at the commit.
    if (error instanceof BalanceShort) throw insufficientBalance();
    if (!(error instanceof Changed)) throw error;
    // Another refund took part of the charge in between: answer with what is left now (or, if a
    // failed refund gave it back since, ask for the same request again).
    const current = await payments.get(scope, chargeToken);
    throw (
      refundAmountRefusal(current ? refundable(current) : 0, wanted) ??
      new TransactionConflictError({ cause: error })
    );
  }
  return refund;
};
