import { createPaymentOnce, type PaymentCreated, paymentFieldsOf } from '@wattle/flows';
import {
  type ApiResult,
  claimingKeyInWrites,
  keptAnswer,
  madePayment,
  type RouteHandler,
  resource,
  scopeOf,
} from '@wattle/http';
import {
  createChargeSchema,
  paymentRequestOf,
  paymentSourceIssues,
  platformAdjustmentOf,
  presentCharge,
  presentThreeDSecureRedirect,
  validate,
} from '@wattle/wire';
import type { ChargesDeps } from './deps.ts';
import { threeDSecurePageUrl } from './three-d-secure.ts';

/**
 * POST /charges: 201 charge (also with 3-D Secure passed through from the merchant's own server),
 * 202 when the payer must pass 3-D Secure here, 202 with the charge Pending when the processor's
 * answer is unknown, 4xx/502 for declines (502 gateway_error only when nothing was made).
 */
export const createCharge = claimingKeyInWrites<RouteHandler<ChargesDeps>>(async (request, deps) => {
  const now = deps.clock.now();
  const input = validate(createChargeSchema(now, request.environment), request.body, {
    also: paymentSourceIssues(request.body),
  });
  const scope = scopeOf(request);
  // The Idempotency-Key claimed with the charge's reservation, its answer kept with its settlement.
  const kept = keptAnswer(request, (created: PaymentCreated): ApiResult => {
    if (created.outcome === 'three_d_secure') {
      return resource(
        202,
        presentThreeDSecureRedirect(
          created.payment.token,
          threeDSecurePageUrl(request.environment, created.sessionToken),
        ),
      );
    }
    return madePayment(created.payment, (payment) => presentCharge(payment, deps.clock.now()));
  });
  const created = await createPaymentOnce(
    deps,
    scope,
    {
      kind: 'charge',
      idempotencyKey: request.idempotencyKey,
      ...paymentFieldsOf(paymentRequestOf(input)),
      ...platformAdjustmentOf(input),
      capture: input.capture,
      threeDSecure: input.three_d_secure ?? null,
      threeDSecureReturnUrl: (session) => threeDSecurePageUrl(request.environment, session),
    },
    kept.key,
  );
  return kept.answer(created);
});
