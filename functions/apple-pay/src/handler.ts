import { apiHandler } from '@wattle/http';
import { applePayDeps } from './deps.ts';
import { deleteDomainRoute, hostCheckRoute, listDomainsRoute, registerDomainRoute } from './domains.ts';
import { routes } from './routes.ts';
import { createSessionRoute } from './sessions.ts';

export const handler = apiHandler('apple-pay', routes, applePayDeps, {
  'POST /1/apple_pay/domains': registerDomainRoute,
  'GET /1/apple_pay/domains': listDomainsRoute,
  'DELETE /1/apple_pay/domains/{apple_pay_domain_token}': deleteDomainRoute,
  'GET /1/apple_pay/host_check': hostCheckRoute,
  'POST /1/apple_pay/sessions': createSessionRoute,
});
