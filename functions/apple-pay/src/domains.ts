import {
  checkApplePayHost,
  deleteApplePayDomain,
  listApplePayDomains,
  registerApplePayDomain,
} from '@wattle/flows';
import { listOf, noContent, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import {
  hostCheckSchema,
  presentApplePayDomain,
  presentHostCheck,
  registerDomainSchema,
  validate,
} from '@wattle/wire';
import type { ApplePayDeps } from './deps.ts';

/** POST /apple_pay/domains: 201 with the domain, registered. */
export const registerDomainRoute: RouteHandler<ApplePayDeps> = async (request, deps) => {
  const { domain_name } = validate(registerDomainSchema, request.body);
  return resource(
    201,
    presentApplePayDomain(await registerApplePayDomain(deps, scopeOf(request), domain_name)),
  );
};

export const listDomainsRoute: RouteHandler<ApplePayDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  return listOf('full', page, await listApplePayDomains(deps, scopeOf(request), page), presentApplePayDomain);
};

export const deleteDomainRoute: RouteHandler<
  ApplePayDeps,
  'DELETE /1/apple_pay/domains/{apple_pay_domain_token}'
> = async (request, deps) => {
  await deleteApplePayDomain(deps, scopeOf(request), request.params.apple_pay_domain_token);
  return noContent();
};

/** GET /apple_pay/host_check?domain_name=: 200 saying whether the merchant registered the domain. */
export const hostCheckRoute: RouteHandler<ApplePayDeps> = async (request, deps) => {
  const { domain_name } = validate(hostCheckSchema, request.query);
  return resource(
    200,
    presentHostCheck(domain_name, await checkApplePayHost(deps, scopeOf(request), domain_name)),
  );
};
