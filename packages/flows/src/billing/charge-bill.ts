import {
  type Ids,
  type Payment,
  type PendingBill,
  PinError,
  type Scope,
  type Subscription,
} from '@wattle/domain';
import { type BillCharges, Changed, type CustomersStore, TokenTaken } from '@wattle/ports';
import { createPayment, type PaymentRequest, reservePayment } from '../payments/create-payment.ts';
import { derivedPaymentToken } from '../payments/payment-tokens.ts';
import { settlementWithProcessor } from '../payments/settle-payment.ts';
import { type BillOutcome, outcomeOf } from './bill-outcome.ts';
import { type BillAlong, type ChargeOutcome, settleBillCharge } from './settle-bill-charge.ts';

/**
 * What charging a bill needs: the payments flow's own dependencies (it makes the charge), the
 * customer whose card is billed, and the bill's charge found again by its token.
 */
export type ChargeDeps = Parameters<typeof createPayment>[0] & {
  customers: Pick<CustomersStore, 'get'>;
  payments: BillCharges;
};

/** Renewals are charged from the scheduler: there is no payer's address. */
export const noIpAddress = '';

/**
 * The charge token of bill attempt `attempt` of a subscription. Derived, never random: every run
 * that takes up the attempt names the same charge, and a charge is reserved under the condition
 * that its token is new, so one attempt charges the card once at most.
 */
export const billChargeToken = (ids: Ids, subscriptionToken: string, attempt: number): string =>
  derivedPaymentToken(ids, 'charge', `${subscriptionToken}#bill#${attempt}`);

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
 * under the attempt's derived token, told to the processor as a subscription's first payment (its
 * start, a reactivation) or as its renewal. A zero bill charges nothing. When the charge exists already
 * (a run resuming the attempt: its token is taken) or another run settled it, its outcome is read
 * instead of charging again. With `along`, the bill's changes commit in the charge's own
 * transactions (its begin with the reservation, its outcome with the settlement: settleBillCharge).
 */
export const chargeBill = async (
  deps: ChargeDeps,
  scope: Scope,
  subscription: Subscription,
  bill: PendingBill,
  ipAddress: string,
  along?: BillAlong,
): Promise<ChargeOutcome> => {
  if (bill.amount === 0) return { kind: 'paid', charge: null };
  const token = billChargeToken(deps.ids, subscription.token, bill.attempt);
  const customer = await deps.customers.get(scope, subscription.customerToken);
  if (!customer) return unbillable('Customer no longer exists');
  const request: PaymentRequest = {
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
    initiation: bill.purpose === 'renewal' ? 'subscription_renewal' : 'subscription_start',
    source: {
      kind: 'customer',
      token: subscription.customerToken,
      cardToken: subscription.cardToken,
      customer: customer.customer,
    },
    threeDSecure: null,
  };
  try {
    if (!along) return outcomeOf((await createPayment(deps, scope, request)).payment);
    const reserved = await reservePayment(deps, scope, request, {
      recovery: 'bill',
      changes: along.begin ?? [],
    });
    const settlement = await settlementWithProcessor(deps, scope, reserved.payment, reserved.card, {
      billed: true,
      reservedAt: reserved.reservedAt,
    });
    return await settleBillCharge(deps, scope, settlement, along);
  } catch (error) {
    if (error instanceof TokenTaken || (error instanceof Changed && error.resource === 'payment')) {
      const existing = await deps.payments.get(scope, token);
      if (existing) return outcomeOf(existing);
    }
    if (error instanceof PinError) return { kind: 'declined', error, charge: null };
    throw error;
  }
};
