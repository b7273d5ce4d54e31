import type { ApplePayDomain, Scope } from '@wattle/domain';
import { type ApplePayDomainsStore, ApplePayDomainWrites, type Page } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';

/** A domain, and the record of its name (the same fields: the domain that holds it). */
interface StoredDomain {
  domain: ApplePayDomain;
}

/** Apple Pay domains; their writes are @wattle/ports' (apple-pay-domain-writes.ts). */
export class ApplePayDomainsRepo extends ApplePayDomainWrites implements ApplePayDomainsStore {
  private readonly domains;
  private readonly names;

  constructor(private readonly world: MemoryWorld) {
    super(new StoreWrites(world));
    this.domains = world.table<StoredDomain>('apple-pay-domain');
    this.names = world.table<StoredDomain>('apple-pay-domain-name');
  }

  async list(scope: Scope, page: number): Promise<Page<ApplePayDomain>> {
    return pageOf(this.world.lists.page(listKey(scope, 'apple_pay_domains'), page), (id) => {
      const stored = this.domains.get(id);
      return stored ? copy(stored.domain) : undefined;
    });
  }

  async findByName(scope: Scope, domainName: string): Promise<ApplePayDomain | null> {
    const stored = this.names.get(scoped(scope, domainName));
    return stored ? copy(stored.domain) : null;
  }

  protected async domainOf(scope: Scope, domainToken: string): Promise<ApplePayDomain | null> {
    return this.domains.get(scoped(scope, domainToken))?.domain ?? null;
  }
}
