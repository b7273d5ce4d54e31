import type { ApplePayDomain, Scope } from '@wattle/domain';
import type { ApplePayDomainsStore, Page } from '@wattle/ports';

type Deps = { applePayDomains: ApplePayDomainsStore };

export const listApplePayDomains = (
  { applePayDomains }: Deps,
  scope: Scope,
  page: number,
): Promise<Page<ApplePayDomain>> => applePayDomains.list(scope, page);

/** GET /apple_pay/host_check: the merchant's domain of this name, or null when it has none. */
export const checkApplePayHost = (
  { applePayDomains }: Deps,
  scope: Scope,
  domainName: string,
): Promise<ApplePayDomain | null> => applePayDomains.findByName(scope, domainName);
