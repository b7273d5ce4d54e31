import type { Payment, PendingBill, Scope } from '@wattle/domain';
import { Changed, type LoadedSubscription, type ScheduledJob, type SubscriptionWrite } from '@wattle/ports';
import type { CreatePaymentDeps } from '../payments/create-payment.ts';
import { reservedCardNumber, settlementWithProcessor } from '../payments/settle-payment.ts';
import { type BillOutcome, outcomeOf } from './bill-outcome.ts';
import { billSettlement } from './settle-bill.ts';

/**
 * A bill whose changes commit in its charge's own transactions, so a renewal takes two: `begin`,
 * the changes beginning the bill (null: begun before), with the charge's reservation; the bill's
 * outcome, recorded on `begun` (the subscription as the bill's beginning left it) and claiming
 * `claim` (the job recovering the bill, when it is the one charging), with the charge's settlement.
 * The bill's recovery job stands for the charge's own.
 */
export interface BillAlong {
  begin: SubscriptionWrite[] | null;
  begun: LoadedSubscription & { bill: PendingBill };
  claim?: ScheduledJob | undefined;
}

/** A bill charge's outcome; `recorded` when the bill's outcome was committed with its settlement. */
export type ChargeOutcome = BillOutcome & { recorded?: boolean };

export type BillChargeDeps = Pick<
  CreatePaymentDeps,
  'payments' | 'cardTokens' | 'processor' | 'ids' | 'clock'
>;

/**
 * Asks the processor about a bill's reserved charge and settles it with the bill's outcome: the
 * settlement's changes with the bill's change added, in one transaction. When the subscription
 * changed since the bill began (a cancel, a card change), that fails the bill's part, never the
 * charge's: the settlement commits again without the bill's change, and the bill is recorded
 * apart, from the subscription read again (settleBillOf).
 */
export const settleBillCharge = async (
  deps: BillChargeDeps,
  scope: Scope,
  reserved: Payment,
  cardNumber: string,
  along: BillAlong,
  reservedAt?: Date,
): Promise<ChargeOutcome> => {
  const { settled, changes, now } = await settlementWithProcessor(deps, reserved, cardNumber, {
    billed: true,
    reservedAt,
  });
  const outcome = outcomeOf(settled);
  if (outcome.kind !== 'processing') {
    const bill = billSettlement(deps.ids, along.begun, outcome, now, along.claim);
    try {
      await deps.payments.commit(scope, [...changes, ...bill.changes], now);
      return { ...outcome, recorded: true };
    } catch (error) {
      if (!(error instanceof Changed && error.resource === 'subscription')) throw error;
    }
  }
  await deps.payments.commit(scope, changes, now);
  return outcome;
};

/**
 * Finishes a bill's charge a crash left `processing`, with its bill (settleBillCharge: asking the
 * processor again is safe, idempotent by the charge's token). When another run settled it first,
 * its outcome as it stands.
 */
export const finishBillCharge = async (
  deps: BillChargeDeps,
  scope: Scope,
  charge: Payment,
  along: BillAlong,
): Promise<ChargeOutcome> => {
  try {
    const cardNumber = await reservedCardNumber(deps, scope, charge);
    return await settleBillCharge(deps, scope, charge, cardNumber, along);
  } catch (error) {
    if (!(error instanceof Changed)) throw error;
    const settled = await deps.payments.get(scope, charge.token);
    if (!settled) throw error;
    return outcomeOf(settled);
  }
};
