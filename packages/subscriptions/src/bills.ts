import {
  creditOf,
  newEvent,
  type Payment,
  type PendingBill,
  PinError,
  presentSubscription,
  type Scope,
  type Subscription,
  settleBill,
  toTimestamp,
} from '@wattle/domain';
import { createPayment, declined, derivedPaymentToken } from '@wattle/flows';
import { type ScheduledJob, TokenTaken } from '@wattle/ports';
import type { RuntimeDeps } from '@wattle/runtime';
import { ConditionFailedError, type LoadedSubscription } from '@wattle/store';

/**
 * How a bill's charge ended: paid, declined (with the decline's Pin error), abandoned (nothing was
 * charged), or still being processed (a payment a crash left `processing`, which the payment
 * recovery job settles).
 */
export type BillOutcome =
  | { kind: 'paid'; charge: Payment | null }
  | { kind: 'declined'; error: PinError }
  | { kind: 'abandoned' }
  | { kind: 'processing' };

/**
 * The charge token of bill attempt `attempt` of a subscription. Derived, never random: every run
 * that takes up the attempt names the same charge, and a charge is reserved under the condition
 * that its token is new, so one attempt charges the card once at most.
 */
export const billChargeToken = (subscriptionToken: string, attempt: number): string =>
  derivedPaymentToken('charge', `${subscriptionToken}#bill#${attempt}`);

/** Reads a charge's outcome: a bill is paid when its charge was captured. */
export const outcomeOf = (charge: Payment): BillOutcome => {
  if (charge.state === 'captured') return { kind: 'paid', charge };
  if (charge.state === 'failed') return { kind: 'declined', error: declined(charge, 'charge_token') };
  return { kind: 'processing' };
};

/** The bill's charge as it stands, if one was made. */
export const findBillCharge = (
  deps: RuntimeDeps,
  scope: Scope,
  subscriptionToken: string,
  bill: PendingBill,
): Promise<Payment | null> =>
  deps.store.payments.get(scope, billChargeToken(subscriptionToken, bill.attempt));

const unbillable = (message: string): BillOutcome => ({
  kind: 'declined',
  error: new PinError('invalid_resource', { status: 400, messages: [{ param: 'customer_token', message }] }),
});

/**
 * Charges a bill: a real charge of the customer's card (it shows in the customer's charges),
 * under the attempt's derived token. A zero bill charges nothing. When the charge exists already
 * (a run resuming the attempt), its outcome is read instead of charging again.
 */
export const chargeBill = async (
  deps: RuntimeDeps,
  scope: Scope,
  subscription: Subscription,
  bill: PendingBill,
  ipAddress: string,
): Promise<BillOutcome> => {
  if (bill.amount === 0) return { kind: 'paid', charge: null };
  const token = billChargeToken(subscription.token, bill.attempt);
  const customer = await deps.store.customers.get(scope, subscription.customerToken);
  if (!customer) return unbillable('Customer no longer exists');
  try {
    const created = await createPayment(deps, scope, {
      kind: 'charge',
      token,
      amount: bill.amount,
      currency: bill.currency,
      description: `Subscription to ${subscription.planName}`,
      email: customer.customer.email,
      ipAddress,
      reference: null,
      metadata: {},
      capture: true,
      source: { kind: 'customer', token: subscription.customerToken, cardToken: subscription.cardToken },
      threeDSecure: null,
    });
    return outcomeOf(created.payment);
  } catch (error) {
    if (error instanceof TokenTaken) {
      const existing = await deps.store.payments.get(scope, token);
      if (existing) return outcomeOf(existing);
    }
    if (error instanceof PinError) return { kind: 'declined', error };
    throw error;
  }
};

/** How long a bill may stay under way before its recovery job takes it up: past any function's timeout. */
export const billRecoveryDelayMs = 16 * 60 * 1000;

export const recoveryDueAt = (now: Date): Date => new Date(now.getTime() + billRecoveryDelayMs);

/**
 * Records a bill's outcome on the subscription as it is now, in one transaction with the ledger
 * credit, the plan's counts, the events, the next renewal job and the end of the recovery job
 * (claimed when `claim` is that job). Only the bill's own attempt is settled: when the bill is no
 * longer under way, another run settled it and this one does nothing (its job is dropped). A
 * concurrent change of the subscription (a cancel, a card change) makes it read again and retry.
 */
export const settleBillOf = async (
  deps: RuntimeDeps,
  scope: Scope,
  subscriptionToken: string,
  attempt: number,
  outcome: Exclude<BillOutcome, { kind: 'processing' }>,
  claim?: ScheduledJob,
): Promise<Subscription | null> => {
  const { store, ids, clock } = deps;
  for (let round = 1; ; round++) {
    const loaded = await store.subscriptions.get(scope, subscriptionToken);
    if (!loaded?.bill || loaded.bill.attempt !== attempt) {
      if (claim) await dropQuietly(deps, claim);
      return loaded?.subscription ?? null;
    }
    const now = clock.now();
    const settlement = settleBill(loaded.subscription, loaded.bill, outcome.kind === 'paid', now);
    const after = settlement.subscription;
    const at = toTimestamp(now);
    const paidAt = outcome.kind === 'paid' && outcome.charge ? outcome.charge.createdAt : at;
    try {
      await store.subscriptions.commit(
        scope,
        {
          before: loaded,
          after,
          bill: null,
          credit: settlement.credit ? { entry: creditOf(loaded.bill, paidAt), attempt } : null,
          events: after
            ? settlement.events.map((type) => newEvent(ids, type, presentSubscription(after), at))
            : [],
          claim,
          renewalJob: 'sync',
          recovery: 'cancel',
          planMustBeLive: false,
        },
        now,
      );
      return after;
    } catch (error) {
      if (!isVersionRace(error) || round >= 5) throw error;
    }
  }
};

/** Another change of the subscription came between the read and the commit. */
export const isVersionRace = (error: unknown): boolean =>
  error instanceof ConditionFailedError && error.label === 'subscription';

const dropQuietly = async (deps: RuntimeDeps, job: ScheduledJob): Promise<void> => {
  try {
    await deps.store.schedule.drop(job);
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
  }
};

/**
 * Begins a bill (the subscription's first, or a reactivation's): records it as under way with its
 * recovery job, charges it, and settles it. A declined bill answers with the decline's error.
 */
export const billNow = async (
  deps: RuntimeDeps,
  scope: Scope,
  begin: { before: LoadedSubscription | null; subscription: Subscription; bill: PendingBill },
  ipAddress: string,
): Promise<Subscription> => {
  const now = deps.clock.now();
  await deps.store.subscriptions.commit(
    scope,
    {
      before: begin.before,
      after: begin.subscription,
      bill: begin.bill,
      credit: null,
      events: [],
      renewalJob: 'keep',
      recovery: recoveryDueAt(now),
      planMustBeLive: true,
    },
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
