import { PinError, publishableKeyMayCreate } from '@wattle/domain';
import { createPaymentSource } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { paymentSourceInputSchema, presentPaymentSource, validate } from '@wattle/wire';
import type { PaymentSourcesDeps } from './deps.ts';

/**
 * POST /payment_sources: 201 with the source and its single-use `ps_` token, and the caller's
 * address. A publishable key makes card sources only (publishableKeyMayCreate): asked for a token
 * source, it is refused before the source is read.
 */
export const createPaymentSourceRoute: RouteHandler<PaymentSourcesDeps> = async (request, deps) => {
  if (request.grant?.kind === 'publishable' && !publishableKeyMayCreate(request.body.type))
    throw new PinError('transaction_forbidden', {
      description: `A publishable key creates card payment sources only: a ${String(request.body.type)} source carries a decrypted token, which is sent from a server with the secret key.`,
    });
  const input = validate(paymentSourceInputSchema(deps.clock.now(), request.environment), request.body);
  const source = await createPaymentSource(deps, scopeOf(request), input);
  return resource(201, presentPaymentSource(source), { ip_address: request.sourceIp });
};
