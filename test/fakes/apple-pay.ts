import type { ApplePayDomain, Scope } from '@wattle/domain';
import { type ApplePayDomainsStore, Missing, NameTaken } from '@wattle/ports';

const prefix = (scope: Scope) => `${scope.accountId}#${scope.environment}#`;

/** The Apple Pay domains port in memory, with the store's refusals; newest first, 25 a page. */
export const fakeApplePayDomains = (): ApplePayDomainsStore & { all: Map<string, ApplePayDomain> } => {
  const all = new Map<string, ApplePayDomain>();
  const of = (scope: Scope) =>
    [...all.entries()]
      .filter(([k]) => k.startsWith(prefix(scope)))
      .map(([, domain]) => domain)
      .reverse();
  return {
    all,
    list: async (scope, page) => {
      const items = of(scope);
      return { items: items.slice((page - 1) * 25, page * 25), total: items.length };
    },
    findByName: async (scope, name) => of(scope).find((domain) => domain.domainName === name) ?? null,
    create: async (scope, domain) => {
      if (of(scope).some((d) => d.domainName === domain.domainName))
        throw new NameTaken('Apple Pay domain', domain.domainName);
      all.set(`${prefix(scope)}${domain.token}`, domain);
    },
    delete: async (scope, token) => {
      if (!all.delete(`${prefix(scope)}${token}`)) throw new Missing('Apple Pay domain', token);
    },
  };
};
