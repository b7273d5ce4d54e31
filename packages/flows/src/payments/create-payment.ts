import {
  disputeCaseFor,
  type Payment,
  type PaymentOrder,
  paymentPrefix,
  paymentRecoveryDueAt,
  platformAdjustmentRefusal,
  reservedPayment,
  type Scope,
  settlementDelayFor,
  type ThreeDSecureAsk,
  type ThreeDSecurePassThrough,
  threeDSecureFor,
} from '@wattle/domain';
import { commitUsingToken } from '../cards/card-intake.ts';
import { paymentSourceParam } from '../payment-sources/take-payment-source.ts';
import type { PaymentsDeps } from './deps.ts';
import { type PaymentSource, resolveSource } from './payment-sources.ts';
import { type ChargedBill, settleWithProcessor } from './settle-payment.ts';

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
  /** The subscription bill this charge pays: its changes commit with the charge's own writes. */
  bill?: ChargedBill | undefined;
}

export type PaymentCreated =
  | { outcome: 'settled'; payment: Payment }
  | { outcome: 'three_d_secure'; payment: Payment; sessionToken: string };

export type CreatePaymentDeps = Pick<
  PaymentsDeps,
  'payments' | 'cardTokens' | 'paymentSources' | 'customers' | 'processor' | 'clock' | 'ids'
>;

/**
 * Creates a charge or an authorisation. The payment is reserved first (its card token or payment
 * source used up, its recovery scheduled), then the processor is asked, then the outcome is
 * written: racing requests for one token never reach the processor twice. Throws TokenTaken when
 * `request.token` names a payment that exists (see createPaymentOnce).
 */
export const createPayment = async (
  deps: CreatePaymentDeps,
  scope: Scope,
  request: PaymentRequest,
): Promise<PaymentCreated> => {
  const { payments, processor, ids, clock } = deps;
  const now = clock.now();
  const source = await resolveSource(deps, scope, request.source, now);
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
  const reserved = {
    ...reservedPayment(request, token, source, threeDSecure, now),
    ...settlementDelayFor(source.cardNumber),
    ...disputeCaseFor(source.cardNumber),
  };
  const tokenParam = source.consumesPaymentSource ? paymentSourceParam : 'card_token';
  await commitUsingToken(tokenParam, () =>
    payments.reserve(
      scope,
      reserved,
      source.sealedNumber,
      {
        cardToken: source.consumesCardToken ?? undefined,
        paymentSourceToken: source.consumesPaymentSource ?? undefined,
        joinLists: session !== null,
        sessionToken: session?.sessionToken,
        recoveryDueAt: paymentRecoveryDueAt(reserved),
        bill: request.bill ? { begin: request.bill.begin } : undefined,
      },
      now,
    ),
  );
  if (session) return { outcome: 'three_d_secure', payment: reserved, sessionToken: session.sessionToken };
  const payment = await settleWithProcessor(deps, scope, reserved, source.cardNumber, {
    from: 'processing',
    joinLists: true,
    reservedAt: now,
    ...(request.bill ? { bill: request.bill } : {}),
  });
  return { outcome: 'settled', payment };
};
