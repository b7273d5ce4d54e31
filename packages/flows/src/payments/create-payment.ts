import {
  type Card,
  disputeCaseFor,
  type Payment,
  type PaymentOrder,
  type PaymentRecovery,
  type ProcessorCard,
  type ProcessorRouting,
  paymentPrefix,
  platformAdjustmentRefusal,
  reservationOf,
  reservedPayment,
  routedReservation,
  routeOf,
  type Scope,
  settlementDelayFor,
  type ThreeDSecureAsk,
  type ThreeDSecurePassThrough,
  threeDSecureFor,
} from '@wattle/domain';
import { hasAccount, type KeyWrites, type PaymentWrite } from '@wattle/ports';
import { commitUsingToken } from '../cards/card-intake.ts';
import { usedFirst } from '../payment-sources/take-payment-source.ts';
import type { PaymentsDeps } from './deps.ts';
import { type PaymentSource, resolveSource } from './payment-sources.ts';
import { startThreeDSecure } from './processor-three-d-secure.ts';
import { settlementWithProcessor } from './settle-payment.ts';

/** Either form of `three_d_secure`: Wattle runs it (redirect), or the merchant did (pass-through). */
export type ThreeDSecureRequest = ThreeDSecureAsk | ThreeDSecurePassThrough;

export interface PaymentRequest extends PaymentOrder {
  source: PaymentSource;
  threeDSecure: ThreeDSecureRequest | null;
  /**
   * The payment's token when the caller derives it (an Idempotency-Key, a subscription's bill): a
   * second request with the same token is refused at the reservation (TokenTaken) and never
   * reaches the processor.
   */
  token?: string | undefined;
  /**
   * Where the payer comes back to from the processor's 3-D Secure, for the charge's session: the
   * session's page (its public URL is the function's to build).
   */
  threeDSecureReturnUrl?: ((sessionToken: string) => string) | undefined;
}

export type PaymentCreated =
  | { outcome: 'settled'; payment: Payment }
  | { outcome: 'three_d_secure'; payment: Payment; sessionToken: string };

export type CreatePaymentDeps = Pick<
  PaymentsDeps,
  | 'payments'
  | 'accounts'
  | 'cardTokens'
  | 'paymentSources'
  | 'customers'
  | 'processorOf'
  | 'deadline'
  | 'clock'
  | 'ids'
  | 'logger'
>;

/** A payment reserved: the processor not asked yet. */
export interface ReservedPayment {
  payment: Payment;
  /** The card for the processor: its number, and the CVC sent for this payment, if any. */
  card: ProcessorCard;
  /** When it was reserved: where it joins its lists. */
  reservedAt: Date;
  /** The 3-D Secure session the payer must pass first, if any. */
  sessionToken: string | null;
}

/**
 * Who finishes the payment if its settlement never comes, and what else commits with its
 * reservation: a subscription bill's charge is the bill's to recover, and its bill begins with it.
 */
export interface ReservedWith {
  recovery: PaymentRecovery;
  changes: readonly PaymentWrite[];
  /**
   * Changes first in the reservation, their refusal before the payment's own: the request's
   * Idempotency-Key's claim (KeyHeld, not TokenTaken, when an earlier attempt holds the key).
   */
  ahead?: readonly PaymentWrite[] | undefined;
}

const onItsOwn: ReservedWith = { recovery: 'own', changes: [] };

/**
 * A live payment's merchant's processor routing (none for a test payment: always the simulator),
 * its read started at once, beside the payment source's, and awaited when the card is known. A
 * failed read is thrown by its await (never left unhandled when the source's read fails first).
 */
const merchantRouting = (
  { accounts }: Pick<CreatePaymentDeps, 'accounts'>,
  scope: Scope,
): Promise<ProcessorRouting | undefined> => {
  if (scope.environment !== 'live') return Promise.resolve(undefined);
  const reading = accounts.get(scope.accountId).then((account) => account?.processorRouting);
  reading.catch(() => {});
  return reading;
};

/**
 * The accounts a payment is tried on (routeOf), or null: no routing, or none of its rules
 * matching (the deployment's live default). An account the deployment no longer declares is left
 * out (a new payment is never made to wait for it); with none left, the live default.
 */
const merchantRoute = (
  { processorOf }: Pick<CreatePaymentDeps, 'processorOf'>,
  scope: Scope,
  routing: ProcessorRouting | undefined,
  request: PaymentRequest,
  card: Card,
): string[] | null => {
  const asked = request.threeDSecure;
  const route = routeOf(routing, {
    amount: request.amount,
    currency: request.currency,
    card,
    threeDSecure: asked !== null && (!('enabled' in asked) || asked.enabled),
  })?.filter((account) => hasAccount(processorOf, scope.environment, account));
  return route?.length ? route : null;
};

/**
 * Reserves a charge or an authorisation before the processor is asked: its card token or payment
 * source used up, its recovery scheduled (reservationOf), with `along`'s changes. Racing requests
 * for one token never reach the processor twice: the second is refused with TokenTaken.
 */
export const reservePayment = async (
  deps: CreatePaymentDeps,
  scope: Scope,
  request: PaymentRequest,
  along: ReservedWith = onItsOwn,
): Promise<ReservedPayment> => {
  const { payments, processorOf, ids, clock } = deps;
  const now = clock.now();
  const routing = merchantRouting(deps, scope);
  const source = await resolveSource(deps, scope, request.source, now);
  // The account the payment is made on, kept on it: everything later about it goes there.
  const route = merchantRoute(deps, scope, await routing, request, source.card);
  const processor = processorOf({ environment: scope.environment, account: route?.[0] });
  const threeDSecure = threeDSecureFor(
    request.threeDSecure,
    scope.environment,
    processor.supportsThreeDSecure(source.card),
    () => ids.token('se'),
  );
  const unbearable = platformAdjustmentRefusal(
    request.platformAdjustment,
    source.card,
    request.amount,
    request.currency,
  );
  if (unbearable) throw unbearable;
  const session = threeDSecure && 'sessionToken' in threeDSecure ? threeDSecure : null;
  const token = request.token ?? ids.token(paymentPrefix(request.kind));
  const made = reservedPayment(request, token, source, threeDSecure, now);
  const reserved = {
    ...(route ? routedReservation(made, route, now) : { ...made, processorAccount: processor.account }),
    ...settlementDelayFor(source.opened.number),
    ...disputeCaseFor(source.opened.number),
  };
  const changes = reservationOf({
    payment: reserved,
    sealedNumber: source.sealedNumber,
    sealedCvc: source.sealedCvc,
    uses: { cardToken: source.consumesCardToken, paymentSourceToken: source.consumesPaymentSource },
    recovery: along.recovery,
  });
  const refusal = usedFirst(source.consumesPaymentSource ? 'payment_source' : 'card_token');
  await commitUsingToken(refusal, () =>
    payments.commit(scope, [...(along.ahead ?? []), ...changes, ...along.changes], now),
  );
  return {
    payment: reserved,
    card: source.opened,
    reservedAt: now,
    sessionToken: session?.sessionToken ?? null,
  };
};

/**
 * Creates a charge or an authorisation: reserved first (reservePayment), then the processor is
 * asked, then the outcome is written. The request's Idempotency-Key (`key`, when it has one) is
 * claimed first in the reservation and its answer kept with the settlement (KeyWrites); a charge
 * whose payer must pass 3-D Secure starts it at the processor (startThreeDSecure) and waits for
 * the payer, unless the processor settles it at once: either write keeps the key's answer.
 * Throws TokenTaken when `request.token` names a payment that exists (see createPaymentOnce), and
 * KeyHeld when an earlier attempt holds the key.
 */
export const createPayment = async (
  deps: CreatePaymentDeps,
  scope: Scope,
  request: PaymentRequest,
  key?: KeyWrites<PaymentCreated>,
): Promise<PaymentCreated> => {
  const reserved = await reservePayment(deps, scope, request, { ...onItsOwn, ahead: key?.claim });
  key?.claimed();
  const { sessionToken } = reserved;
  if (sessionToken) {
    const returnUrl = request.threeDSecureReturnUrl?.(sessionToken) ?? '';
    const outcomeOf = (started: Payment): PaymentCreated =>
      started.state === 'pending_3ds'
        ? { outcome: 'three_d_secure', payment: started, sessionToken }
        : { outcome: 'settled', payment: started };
    // The outcome whose answer commits with the payment's write is the one returned (KeyWrites).
    let created: PaymentCreated | undefined;
    const started = await startThreeDSecure(deps, scope, reserved.payment, reserved.card, returnUrl, (p) => {
      created = outcomeOf(p);
      return key?.answer(created) ?? [];
    });
    return created?.payment === started ? created : outcomeOf(started);
  }
  const { settled, changes, now } = await settlementWithProcessor(
    deps,
    scope,
    reserved.payment,
    reserved.card,
    { reservedAt: reserved.reservedAt },
  );
  const created: PaymentCreated = { outcome: 'settled', payment: settled };
  await deps.payments.commit(scope, [...changes, ...(key?.answer(created) ?? [])], now);
  return created;
};
