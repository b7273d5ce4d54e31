import {
  type Card,
  type CardDetails,
  type Customer,
  newCard,
  type Payment,
  type PaymentOrder,
  type PendingBill,
  type Plan,
  type ProcessorAuthorisation,
  type Subscription,
} from '@wattle/domain';
import type { PaymentRequest } from '@wattle/flows';

/** What a stored card and the card details a request holds have in common: expiry and holder. */
const cardholder = {
  expiryMonth: 5,
  expiryYear: 2030,
  name: 'N',
  addressLine1: 'L',
  addressLine2: null,
  addressCity: 'C',
  addressPostcode: '',
  addressState: '',
  addressCountry: 'AU',
} satisfies Partial<Card> & Partial<CardDetails>;

/** A stored card, Australian Visa unless overridden. */
export const aCard = (overrides: Partial<Card> = {}): Card => ({
  token: 'card_x',
  scheme: 'visa',
  displayNumber: 'XXXX-XXXX-XXXX-0000',
  issuingCountry: 'AU',
  ...cardholder,
  createdAt: '2026-11-21T00:00:00Z',
  ...overrides,
});

/** A customer with no details but its email, its primary card `primaryCard`. */
export const aCustomer = (token: string, primaryCard: Card, createdAt: string): Customer => ({
  token,
  email: `${token}@example.com`,
  firstName: '',
  lastName: '',
  phoneNumber: '',
  company: '',
  notes: '',
  createdAt,
  primaryCard,
});

/** A charge order of 1000 cents (what a payment request asks for), unless overridden. */
export const aPaymentOrder = (overrides: Partial<PaymentOrder> = {}): PaymentOrder => ({
  kind: 'charge',
  capture: true,
  amount: 1000,
  currency: 'AUD',
  description: 'd',
  email: 'e@example.com',
  ipAddress: '127.0.0.1',
  reference: null,
  metadata: {},
  ...overrides,
});

/** An authorised charge of 1000 cents created 2026-11-21, unless overridden. */
export const aPayment = (overrides: Partial<Payment> = {}): Payment => ({
  kind: 'charge',
  token: 'ch_x',
  state: 'authorised',
  captureOnSuccess: false,
  amount: 1000,
  currency: 'AUD',
  description: 'd',
  email: 'e@example.com',
  ipAddress: '127.0.0.1',
  reference: null,
  metadata: {},
  card: aCard(),
  cardOwner: { customerToken: null, primary: null },
  customerToken: null,
  createdAt: '2026-11-21T00:00:00Z',
  decline: null,
  capturedAt: null,
  voidedAt: null,
  expiresAt: '2026-11-26T00:00:00.000Z',
  authorisationToken: null,
  amountCaptured: 0,
  amountRefunded: 0,
  pendingRefunds: 0,
  totalFees: 48,
  threeDSecure: null,
  ...overrides,
});

/** Card details as a validated request holds them, for `number`. */
export const aCardDetails = (number = '4200000000000000'): CardDetails => ({
  number,
  cvc: '123',
  ...cardholder,
});

/**
 * An authorisation as the payment processor port takes it, on `number`: 1000 AUD captured at once,
 * no 3-D Secure, the card's details with their CVC entered for it, no deadline reached.
 */
export const aProcessorAuthorisation = (
  number = '4200000000000000',
  overrides: Partial<ProcessorAuthorisation> = {},
): ProcessorAuthorisation => {
  const details = aCardDetails(number);
  return {
    paymentToken: 'ch_processor',
    reference: 'ch_processor.acct_processor',
    card: { card: newCard(details, 'card_processor', '2026-11-27T00:00:00Z'), number, cvc: details.cvc },
    amount: 1000,
    currency: 'AUD',
    capture: true,
    initiation: 'new_card',
    threeDSecure: { mode: 'none' },
    returnUrl: 'https://wattle.example/3ds/return',
    deadline: new AbortController().signal,
    ...overrides,
  };
};

/** A request for a captured card charge of 1000 AUD (952 to the merchant), as createPayment takes it. */
export const aChargeRequest = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
  kind: 'charge',
  amount: 1000,
  currency: 'AUD',
  description: 'Order',
  email: 'payer@example.com',
  ipAddress: '203.0.113.9',
  reference: null,
  metadata: {},
  capture: true,
  source: { kind: 'card', details: aCardDetails() },
  threeDSecure: null,
  ...overrides,
});

/** An active subscription of `plan` made at `at`, billed next 30 days later, its first bill paid. */
export const aSubscription = (plan: Plan, token: string, customerToken: string, at: Date): Subscription => {
  const next = new Date(at.getTime() + 30 * 86_400_000).toISOString();
  return {
    token,
    state: 'active',
    planToken: plan.token,
    customerToken,
    cardToken: `card_of_${customerToken}`,
    createdAt: at.toISOString(),
    nextBillingDate: next,
    activeIntervalStartedAt: at.toISOString(),
    activeIntervalFinishesAt: next,
    cancelledAt: null,
    terms: plan,
    planName: plan.name,
    anchor: at.toISOString(),
    billedIntervals: 1,
    setupFeePending: false,
    setupFeeCharged: false,
    failedAttempts: 0,
    attempts: 1,
    reactivations: 0,
  };
};

/** A bill of 1000 AUD under way, begun at `at`. */
export const aBill = (
  purpose: PendingBill['purpose'],
  attempt: number,
  at = new Date('2026-11-21T05:00:00Z'),
): PendingBill => ({
  purpose,
  attempt,
  amount: 1000,
  currency: 'AUD',
  setupFee: false,
  at: at.toISOString(),
});
