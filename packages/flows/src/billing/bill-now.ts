import { billBeginningOf, type PendingBill, PinError, type Scope, type Subscription } from '@wattle/domain';
import type { LoadedSubscription } from '@wattle/ports';
import { type ChargeDeps, chargeBill } from './charge-bill.ts';
import { billRecoveryDueAt, type SettleDeps, settleBillOf } from './settle-bill.ts';

export type BillingDeps = ChargeDeps & SettleDeps;

/**
 * Begins a bill (the subscription's first, or a reactivation's): records it as under way with its
 * recovery job, charges it, and settles it. A declined bill answers with the decline's error.
 */
export const billNow = async (
  deps: BillingDeps,
  scope: Scope,
  begin: { before: LoadedSubscription | null; subscription: Subscription; bill: PendingBill },
  ipAddress: string,
): Promise<Subscription> => {
  const now = deps.clock.now();
  await deps.subscriptions.commit(
    scope,
    billBeginningOf({
      before: begin.before,
      after: begin.subscription,
      bill: begin.bill,
      recoveryAt: billRecoveryDueAt(now),
    }),
    now,
  );
  const outcome = await chargeBill(deps, scope, begin.subscription, begin.bill, ipAddress);
  // Still processing only when the processor failed mid-way: the recovery jobs finish it.
  if (outcome.kind === 'processing') throw new PinError('gateway_error');
  const settled = await settleBillOf(deps, scope, begin.subscription.token, begin.bill.attempt, outcome);
  if (outcome.kind === 'declined') throw outcome.error;
  if (!settled || outcome.kind === 'abandoned') throw new PinError('conflict');
  return settled;
};
