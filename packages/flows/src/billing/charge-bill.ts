import {
  type Ids,
  type Payment,
  type PendingBill,
  PinError,
  type Scope,
  type Subscription,
} from '@wattle/domain';
import { type BillCharges, Changed, type CustomersStore, TokenTaken } from '@wattle/ports';
import { createPayment } from '../payments/create-payment.ts';
import { declined } from '../payments/payment-errors.ts';
import { derivedPaymentToken } from '../payments/payment-tokens.ts';
import type { ChargedBill } from '../payments/settle-payment.ts';

/**
 * What charging a bill needs: the payments flow's own dependencies (it makes the charge), the
 * customer whose card is billed, and the bill's charge found again by its token.
 */
export type ChargeDeps = Parameters<typeof createPayment>[0] & {
  customers: Pick<CustomersStore, 'get'>;
  payments: BillCharges;
};

/**
 * How a bill's charge ended: paid, declined (with the decline's Pin error), abandoned (nothing was
 * charged), or still being processed (a payment a crash left `processing`, which the payment
 * recovery job settles).
 */
export type BillOutcome =
  | { kind: 'paid'; charge: Payment | null }
  | { kind: 'declined'; error: PinError; charge: Payment | null }
  | { kind: 'abandoned' }
  | { kind: 'processing' };

/** Renewals are charged from the scheduler: there is no payer's address. */
export const noIpAddress = '';

/**
 * The charge token of bill attempt `attempt` of a subscription. Derived, never random: every run
 * that takes up the attempt names the same charge, and a charge is reserved under the condition
 * that its token is new, so one attempt charges the card once at most.
 */
export const billChargeToken = (ids: Ids, subscriptionToken: string, attempt: number): string =>
  derivedPaymentToken(ids, 'charge', `${subscriptionToken}#bill#${attempt}`);

/** Reads a charge's outcome: a bill is paid when its charge was captured. */
export const outcomeOf = (charge: Payment): BillOutcome => {
  if (charge.state === 'captured') return { kind: 'paid', charge };
  if (charge.state === 'failed') return { kind: 'declined', error: declined(charge, 'charge_token'), charge };
  return { kind: 'processing' };
};

/** The bill's charge as it stands, if one was made. */
export const findBillCharge = (
  { payments, ids }: { payments: BillCharges; ids: Ids },
  scope: Scope,
  subscriptionToken: string,
  bill: PendingBill,
): Promise<Payment | null> => payments.get(scope, billChargeToken(ids, subscriptionToken, bill.attempt));

const unbillable = (message: string): BillOutcome => ({
  kind: 'declined',
  error: new PinError('invalid_resource', { status: 400, messages: [{ param: 'customer_token', message }] }),
  charge: null,
});

/**
 * Whether the bill's charge was reserved (by this run or another): when not (a zero bill, a charge
 * refused before its reservation), a `begin` handed to chargeBill was not committed either.
 */
export const chargeReserved = (outcome: BillOutcome): boolean =>
  outcome.kind === 'processing' || (outcome.kind !== 'abandoned' && outcome.charge !== null);

/**
 * Charges a bill: a real charge of the customer's card (it shows in the customer's charges),
 * under the attempt's derived token. A zero bill charges nothing. When the charge exists already
 * (a run resuming the attempt: its token is taken) or another run settled it, its outcome is read
 * instead of charging again. With `along`, the bill's changes commit in the charge's own
 * transactions (its begin with the reservation, its outcome with the settlement).
 */
export const chargeBill = async (
  deps: ChargeDeps,
  scope: Scope,
  subscription: Subscription,
  bill: PendingBill,
  ipAddress: string,
  along?: ChargedBill,
): Promise<BillOutcome> => {
  if (bill.amount === 0) return { kind: 'paid', charge: null };
  const token = billChargeToken(deps.ids, subscription.token, bill.attempt);
  const customer = await deps.customers.get(scope, subscription.customerToken);
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
      source: {
        kind: 'customer',
        token: subscription.customerToken,
        cardToken: subscription.cardToken,
        customer: customer.customer,
      },
      threeDSecure: null,
      bill: along,
    });
    return outcomeOf(created.payment);
  } catch (error) {
    if (error instanceof TokenTaken || (error instanceof Changed && error.resource === 'payment')) {
      const existing = await deps.payments.get(scope, token);
      if (existing) return outcomeOf(existing);
    }
    if (error instanceof PinError) return { kind: 'declined', error, charge: null };
    throw error;
  }
};
