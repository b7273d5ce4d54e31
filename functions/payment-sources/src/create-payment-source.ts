import { presentPaymentSource } from '@wattle/domain';
import { createPaymentSource } from '@wattle/flows';
import { paymentSourceInputSchema, type RouteHandler, resource, scopeOf, validate } from '@wattle/http';
import type { PaymentSourcesDeps } from './deps.ts';

/** POST /payment_sources: 201 with the source and its single-use `ps_` token, and the caller's address. */
export const createPaymentSourceRoute: RouteHandler<PaymentSourcesDeps> = async (request, deps) => {
  const input = validate(paymentSourceInputSchema(deps.clock.now()), request.body);
  const source = await createPaymentSource(deps, scopeOf(request), input);
  return resource(201, presentPaymentSource(source), { ip_address: request.sourceIp });
};
