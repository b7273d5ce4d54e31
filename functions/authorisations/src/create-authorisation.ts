import { createPaymentOnce, declined, type PaymentCreated, paymentFieldsOf } from '@wattle/flows';
import {
  type ApiResult,
  claimingKeyInWrites,
  keptAnswer,
  type RouteHandler,
  resource,
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
    const kept = keptAnswer(request, ({ payment }: PaymentCreated): ApiResult => {
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
      kept.key,
    );
    return kept.answer(created);
  },
);
