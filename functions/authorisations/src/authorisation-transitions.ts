import { captureAuthorisation, getPayment, voidPayment } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { captureAuthorisationSchema, presentAuthorisation, presentCharge, validate } from '@wattle/wire';
import type { AuthorisationsDeps } from './deps.ts';

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
