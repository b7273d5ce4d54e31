import { getPaymentSource } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentPaymentSource } from '@wattle/wire';
import type { PaymentSourcesDeps } from './deps.ts';

/** GET /payment_sources/{token}: 200 with the unused source; 404 when used, expired or unknown. */
export const getPaymentSourceRoute: RouteHandler<
  PaymentSourcesDeps,
  'GET /1/payment_sources/{payment_source_token}'
> = async (request, deps) => {
  const source = await getPaymentSource(deps, scopeOf(request), request.params.payment_source_token);
  return resource(200, presentPaymentSource(source));
};
