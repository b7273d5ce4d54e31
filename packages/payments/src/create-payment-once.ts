import { type Payment, PinError, type Scope } from '@wattle/domain';
import { idempotencyKeyRetentionSeconds, TokenTaken } from '@wattle/ports';
import type { RuntimeDeps } from '@wattle/runtime';
import { ConditionFailedError } from '@wattle/store';
import {
  createPayment,
  derivedPaymentToken,
  type PaymentCreated,
  type PaymentRequest,
} from './create-payment.ts';
import { finishReserved } from './recover-payment.ts';

/**
 * The payment token a request with an Idempotency-Key gets: the same key (per merchant,
 * environment and kind) always names the same payment. A request that failed after reserving its
 * payment (a 5xx is not kept under the key, so the client sends it again) then finds that payment
 * instead of reserving a second one and charging the card twice.
 */
export const paymentTokenFor = (kind: Payment['kind'], scope: Scope, idempotencyKey: string): string =>
  derivedPaymentToken(kind, `${scope.accountId}#${scope.environment}#${kind}#${idempotencyKey}`);

const sameTerms = (payment: Payment, request: PaymentRequest): boolean =>
  payment.kind === request.kind &&
  payment.amount === request.amount &&
  payment.currency === request.currency &&
  payment.description === request.description &&
  payment.email === request.email;

/**
 * POST /charges and POST /authorisations: creates the payment, or, when its token (from the
 * Idempotency-Key) is already taken by an earlier attempt of the same request, answers with that
 * payment, finishing it first if the attempt died between reserving and settling.
 */
export const createPaymentOnce = async (
  deps: RuntimeDeps,
  scope: Scope,
  request: PaymentRequest,
): Promise<PaymentCreated> => {
  try {
    return await createPayment(deps, scope, request);
  } catch (error) {
    // TokenTaken: the reservation found the token taken; the label: a settle another run made first.
    const taken =
      error instanceof TokenTaken || (error instanceof ConditionFailedError && error.label === 'payment');
    if (!(request.token && taken)) throw error;
    return resume(deps, scope, request, request.token);
  }
};

const resume = async (
  deps: RuntimeDeps,
  scope: Scope,
  request: PaymentRequest,
  token: string,
): Promise<PaymentCreated> => {
  const earlier = await deps.store.payments.get(scope, token);
  if (!earlier || !sameTerms(earlier, request)) throw new PinError('idempotency_key_reused');
  const age = deps.clock.now().getTime() - Date.parse(earlier.createdAt);
  // Past the key's retention, the key is no retry's any more.
  if (age > idempotencyKeyRetentionSeconds * 1000) {
    throw new PinError('idempotency_key_reused', {
      description: 'This Idempotency-Key named a payment made more than a day ago. Use a new key.',
    });
  }
  if (earlier.state === 'processing')
    return { outcome: 'settled', payment: await finishReserved(deps, scope, earlier) };
  if (earlier.state === 'pending_3ds' && earlier.threeDSecure)
    return { outcome: 'three_d_secure', payment: earlier, sessionToken: earlier.threeDSecure.sessionToken };
  return { outcome: 'settled', payment: earlier };
};
