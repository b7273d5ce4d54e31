import type { ApplePayDomain, Scope } from '@wattle/domain';
import type { Page } from './pages.ts';

/** A merchant's Apple Pay domains. */
export interface ApplePayDomainsStore {
  list(scope: Scope, page: number): Promise<Page<ApplePayDomain>>;
  /** The domain registered under this name, or null. */
  findByName(scope: Scope, domainName: string): Promise<ApplePayDomain | null>;
  /** Registers the domain. Throws NameTaken when the merchant has registered the name already. */
  create(scope: Scope, domain: ApplePayDomain, now: Date): Promise<void>;
  /** Removes the domain and frees its name. Throws Missing when there is none. */
  delete(scope: Scope, domainToken: string): Promise<void>;
}
