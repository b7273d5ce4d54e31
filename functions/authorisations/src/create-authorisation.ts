import { createPaymentOnce, declined, type PaymentCreated, paymentFieldsOf } from '@wattle/flows';
import { type ApiResult, keptAnswer, type RouteHandler, resource, scopeOf } from '@wattle/http';
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
export const createAuthorisation: RouteHandler<AuthorisationsDeps> = async (request, deps) => {
  const now = deps.clock.now();
  const input = validate(createAuthorisationSchema(now, request.environment), request.body, {
    also: paymentSourceIssues(request.body),
  });
  const scope = scopeOf(request);
  // Kept under the Idempotency-Key by the authorisation's settlement itself.
  const answer = keptAnswer(request, ({ payment }: PaymentCreated): ApiResult => {
    if (payment.state === 'failed') throw declined(payment);
    // The processor's answer unknown: Pending (202) until the recovery job resolves it, never an error a
    // client would retry as a new payment.
    const status = payment.state === 'processing' ? 202 : 201;
    return resource(status, presentAuthorisation(payment, deps.clock.now()));
  });
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
    answer.completionOf,
  );
  return answer.answer(created);
};
