import { captureCharge, voidPayment } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { captureSchema, presentCharge, validate } from '@wattle/wire';
import type { ChargesDeps } from './deps.ts';

/** PUT /charges/{token}/void: 200 with the voided charge. */
export const voidCharge: RouteHandler<ChargesDeps, 'PUT /1/charges/{charge_token}/void'> = async (
  request,
  deps,
) => {
  const voided = await voidPayment(deps, scopeOf(request), 'charge', request.params.charge_token);
  return resource(200, presentCharge(voided, deps.clock.now()));
};

/** PUT /charges/{token}/capture: 201 with the captured charge (full amount only). */
export const captureChargeRoute: RouteHandler<ChargesDeps, 'PUT /1/charges/{charge_token}/capture'> = async (
  request,
  deps,
) => {
  const { amount } = validate(captureSchema, request.body);
  const captured = await captureCharge(deps, scopeOf(request), request.params.charge_token, amount);
  return resource(201, presentCharge(captured, deps.clock.now()));
};
