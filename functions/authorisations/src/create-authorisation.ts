import { createPaymentOnce, type PaymentCreated, paymentFieldsOf } from '@wattle/flows';
import {
  type ApiResult,
  claimingKeyInWrites,
  keptAnswer,
  madePayment,
  type RouteHandler,
  scopeOf,
} from '@wattle/http';
import {
  createAuthorisationSchema,
  paymentRequestOf,
  paymentSourceIssues,
  platformAdjustmentOf,
  presentAuthorisation,
  validate,
} from '@wattle/wire';
import type { AuthorisationsDeps } from './deps.ts';

/**
 * POST /authorisations: 201 authorisation, 202 Pending when the processor's answer is unknown;
 * declines are recorded and answered with its token.
 */
export const createAuthorisation = claimingKeyInWrites<RouteHandler<AuthorisationsDeps>>(
  async (request, deps) => {
    const now = deps.clock.now();
    const input = validate(createAuthorisationSchema(now, request.environment), request.body, {
      also: paymentSourceIssues(request.body),
    });
    const scope = scopeOf(request);
    // The Idempotency-Key claimed with the authorisation's reservation, its answer kept with its settlement.
    const kept = keptAnswer(
      request,
      ({ payment }: PaymentCreated): ApiResult =>
        madePayment(payment, (made) => presentAuthorisation(made, deps.clock.now())),
    );
    const created = await createPaymentOnce(
      deps,
      scope,
      {
        kind: 'authorisation',
        idempotencyKey: request.idempotencyKey,
        ...paymentFieldsOf(paymentRequestOf(input)),
        ...platformAdjustmentOf(input),
        capture: false,
        threeDSecure: null,
      },
      kept.key,
    );
    return kept.answer(created);
  },
);
