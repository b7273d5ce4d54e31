import { type Payment, PinError, resumptionOf, type Scope } from '@wattle/domain';
import { type KeyWrites, TokenTaken } from '@wattle/ports';
import { paymentSourceParam } from '../payment-sources/take-payment-source.ts';
import {
  type CreatePaymentDeps,
  createPayment,
  type PaymentCreated,
  type PaymentRequest,
} from './create-payment.ts';
import { paymentTokenFor } from './payment-tokens.ts';
import { finishReserved } from './recover-payment.ts';

/** A payment asked for under the request's Idempotency-Key, if it has one. */
export type KeyedPaymentRequest = Omit<PaymentRequest, 'token'> & { idempotencyKey: string | null };

/**
 * POST /charges and POST /authorisations: creates the payment, its token derived from the
 * Idempotency-Key when the request has one (paymentTokenFor), or, when that token is already taken
 * by an earlier attempt of the same request (or that attempt used up its card token or payment
 * source), answers with that payment, finishing it first if the attempt died between reserving
 * and settling. The request's Idempotency-Key (`key`) is claimed with the new payment's
 * reservation, or on its own before an earlier attempt's payment is answered (KeyWrites).
 */
export const createPaymentOnce = async (
  deps: CreatePaymentDeps,
  scope: Scope,
  { idempotencyKey, ...fields }: KeyedPaymentRequest,
  key?: KeyWrites<PaymentCreated>,
): Promise<PaymentCreated> => {
  const request: PaymentRequest = {
    ...fields,
    token: idempotencyKey ? paymentTokenFor(deps.ids, fields.kind, scope, idempotencyKey) : undefined,
  };
  try {
    return await createPayment(deps, scope, request, key);
  } catch (error) {
    // Its token taken, or its card token or payment source refused as used: by this request's own
    // earlier attempt, when that payment exists, which may have charged the card.
    if (!request.token || !(error instanceof TokenTaken || usedSource(error))) throw error;
    // The key first, as every route's: while the earlier attempt still holds it, or when it holds
    // another request, that is the answer (KeyHeld), and its payment is never finished here.
    await key?.claimAlone();
    const earlier = await deps.payments.get(scope, request.token);
    if (!earlier && !(error instanceof TokenTaken)) throw error;
    return resume(deps, scope, request, earlier);
  }
};

/** A refusal of a payment's card token or payment source as used (or not there). */
const usedSource = (error: unknown): boolean =>
  error instanceof PinError &&
  (error.code === 'token_already_used' ||
    (error.messages ?? []).some((message) => message.param === paymentSourceParam));

const resume = async (
  deps: CreatePaymentDeps,
  scope: Scope,
  request: PaymentRequest,
  earlier: Payment | null,
): Promise<PaymentCreated> => {
  const resumption = resumptionOf(earlier, request, deps.clock.now());
  const payment = earlier!;
  if (resumption === 'finish')
    return { outcome: 'settled', payment: await finishReserved(deps, scope, payment) };
  if (resumption === 'await_payer')
    return { outcome: 'three_d_secure', payment, sessionToken: payment.threeDSecure!.sessionToken };
  return { outcome: 'settled', payment };
};
