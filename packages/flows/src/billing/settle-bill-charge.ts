import type { Payment, PendingBill, Scope } from '@wattle/domain';
import { Changed, type LoadedSubscription, type ScheduledJob, type SubscriptionWrite } from '@wattle/ports';
import type { CreatePaymentDeps } from '../payments/create-payment.ts';
import { type ProcessorSettlement, settlementOfProcessing } from '../payments/settle-payment.ts';
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
  'payments' | 'cardTokens' | 'processorOf' | 'deadline' | 'ids' | 'clock' | 'logger'
>;

/**
 * Settles a bill's charge with the bill's outcome: the settlement's changes (`settlement`, the
 * processor's answer about the charge) with the bill's change added, in one transaction. When the
 * subscription changed since the bill began (a cancel, a card change), that fails the bill's part,
 * never the charge's: the settlement commits again without the bill's change, and the bill is
 * recorded apart, from the subscription read again (settleBillOf). An unresolved charge (its
 * outcome unknown) records no bill outcome: the bill's recovery job resolves it later.
 */
export const settleBillCharge = async (
  deps: BillChargeDeps,
  scope: Scope,
  { settled, changes, now }: ProcessorSettlement,
  along: BillAlong,
): Promise<ChargeOutcome> => {
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
 * Finishes a bill's charge left `processing`, with its bill (settleBillCharge): a crash's is asked
 * again (safe: idempotent by the charge's token), an unresolved one is resolved by its token
 * (settlementOfProcessing). When another run settled it first, its outcome as it stands.
 */
export const finishBillCharge = async (
  deps: BillChargeDeps,
  scope: Scope,
  charge: Payment,
  along: BillAlong,
): Promise<ChargeOutcome> => {
  try {
    const settlement = await settlementOfProcessing(deps, scope, charge, { billed: true });
    return await settleBillCharge(deps, scope, settlement, along);
  } catch (error) {
    if (!(error instanceof Changed)) throw error;
    const settled = await deps.payments.get(scope, charge.token);
    if (!settled) throw error;
    return outcomeOf(settled);
  }
};
