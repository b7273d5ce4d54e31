import {
  type ApplePayDomain,
  fieldIssue,
  invalidResource,
  newApplePayDomain,
  type Scope,
} from '@wattle/domain';
import { type ApplePayDomainsStore, type Clock, type Ids, NameTaken } from '@wattle/ports';

/** POST /apple_pay/domains: the domain, registered at once (Apple's check is simulated). */
export const registerApplePayDomain = async (
  { applePayDomains, clock, ids }: { applePayDomains: ApplePayDomainsStore; clock: Clock; ids: Ids },
  scope: Scope,
  domainName: string,
): Promise<ApplePayDomain> => {
  const now = clock.now();
  const domain = newApplePayDomain(ids.token('apmd'), domainName, now);
  try {
    await applePayDomains.create(scope, domain, now);
  } catch (error) {
    if (error instanceof NameTaken)
      throw invalidResource([fieldIssue('domain_name', 'has already been registered')]);
    throw error;
  }
  return domain;
};
