import { presentAuthorisation, presentCharge } from '@wattle/domain';
import {
  captureAuthorisation,
  createPaymentOnce,
  declined,
  getPayment,
  listPayments,
  paymentFieldsOf,
  paymentTokenFor,
  voidPayment,
} from '@wattle/flows';
import {
  listOf,
  pageOf,
  paymentSourceIssues,
  platformAdjustmentOf,
  type RouteHandler,
  resource,
  scopeOf,
  validate,
} from '@wattle/http';
import type { AuthorisationsDeps } from './deps.ts';
import { captureAuthorisationSchema, createAuthorisationSchema } from './schemas.ts';

/** POST /authorisations: 201 authorisation; declines are recorded and answered with its token. */
export const createAuthorisation: RouteHandler<AuthorisationsDeps> = async (request, deps) => {
  const now = deps.clock.now();
  const input = validate(createAuthorisationSchema(now), request.body, {
    also: paymentSourceIssues(request.body),
  });
  const scope = scopeOf(request);
  const created = await createPaymentOnce(deps, scope, {
    kind: 'authorisation',
    token: request.idempotencyKey
      ? paymentTokenFor(deps.ids, 'authorisation', scope, request.idempotencyKey)
      : undefined,
    ...paymentFieldsOf(input),
    ...platformAdjustmentOf(input),
    capture: false,
    threeDSecure: null,
  });
  if (created.payment.state === 'failed') throw declined(created.payment, 'authorisation_token');
  return resource(201, presentAuthorisation(created.payment, deps.clock.now()));
};

export const getAuthorisation: RouteHandler<
  AuthorisationsDeps,
  'GET /1/authorisations/{auth_token}'
> = async (request, deps) => {
  const found = await getPayment(deps, scopeOf(request), 'authorisation', request.params.auth_token);
  return resource(200, presentAuthorisation(found, deps.clock.now()));
};

export const listAuthorisations: RouteHandler<AuthorisationsDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  const list = await listPayments(deps, scopeOf(request), 'authorisation', page);
  const now = deps.clock.now();
  return listOf('full', page, list, (a) => presentAuthorisation(a, now));
};

/** PUT /authorisations/{token}/void: 200 with the voided authorisation. */
export const voidAuthorisation: RouteHandler<
  AuthorisationsDeps,
  'PUT /1/authorisations/{auth_token}/void'
> = async (request, deps) => {
  const voided = await voidPayment(deps, scopeOf(request), 'authorisation', request.params.auth_token);
  return resource(200, presentAuthorisation(voided, deps.clock.now()));
};

/**
 * POST /authorisations/{token}/charges: captures `amount` (partial allowed) as a new charge; 200.
 * The amount's minimum is the authorisation's currency's, so the authorisation is read first.
 */
export const chargeAuthorisation: RouteHandler<
  AuthorisationsDeps,
  'POST /1/authorisations/{auth_token}/charges'
> = async (request, deps) => {
  const scope = scopeOf(request);
  const token = request.params.auth_token;
  const authorisation = await getPayment(deps, scope, 'authorisation', token);
  const { amount } = validate(captureAuthorisationSchema(authorisation.currency), {
    ...request.body,
    currency: authorisation.currency,
  });
  const charge = await captureAuthorisation(deps, scope, token, amount);
  return resource(200, presentCharge(charge, deps.clock.now()));
};
