import { resumptionOf, type Scope } from '@wattle/domain';
import { TokenTaken } from '@wattle/ports';
import {
  type CreatePaymentDeps,
  createPayment,
  type PaymentCreated,
  type PaymentRequest,
} from './create-payment.ts';
import { finishReserved } from './recover-payment.ts';

/**
 * POST /charges and POST /authorisations: creates the payment, or, when its token (from the
 * Idempotency-Key) is already taken by an earlier attempt of the same request, answers with that
 * payment, finishing it first if the attempt died between reserving and settling.
 */
export const createPaymentOnce = async (
  deps: CreatePaymentDeps,
  scope: Scope,
  request: PaymentRequest,
): Promise<PaymentCreated> => {
  try {
    return await createPayment(deps, scope, request);
  } catch (error) {
    if (!(request.token && error instanceof TokenTaken)) throw error;
    return resume(deps, scope, request, request.token);
  }
};

const resume = async (
  deps: CreatePaymentDeps,
  scope: Scope,
  request: PaymentRequest,
  token: string,
): Promise<PaymentCreated> => {
  const earlier = await deps.payments.get(scope, token);
  const resumption = resumptionOf(earlier, request, deps.clock.now());
  const payment = earlier!;
  if (resumption === 'finish')
    return { outcome: 'settled', payment: await finishReserved(deps, scope, payment) };
  if (resumption === 'await_payer')
    return { outcome: 'three_d_secure', payment, sessionToken: payment.threeDSecure!.sessionToken };
  return { outcome: 'settled', payment };
};
