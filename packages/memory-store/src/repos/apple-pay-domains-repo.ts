import type { ApplePayDomain, Scope } from '@wattle/domain';
import { type ApplePayDomainsStore, Missing, NameTaken, type Page } from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { listSortKey, scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';

interface StoredDomain {
  domain: ApplePayDomain;
  sortKey: string;
}

/** Apple Pay domains, each name held by one domain of the merchant (NameTaken otherwise). */
export class ApplePayDomainsRepo implements ApplePayDomainsStore {
  private readonly domains;
  /** The domain token holding each name. */
  private readonly names;

  constructor(private readonly world: MemoryWorld) {
    this.domains = world.table<StoredDomain>('apple-pay-domain');
    this.names = world.table<string>('apple-pay-domain-name');
  }

  async list(scope: Scope, page: number): Promise<Page<ApplePayDomain>> {
    return pageOf(this.world.lists.page(listKey(scope, 'apple_pay_domains'), page), (id) => {
      const stored = this.domains.get(id);
      return stored ? copy(stored.domain) : undefined;
    });
  }

  async findByName(scope: Scope, domainName: string): Promise<ApplePayDomain | null> {
    const token = this.names.get(scoped(scope, domainName));
    const stored = token ? this.domains.get(scoped(scope, token)) : undefined;
    return stored ? copy(stored.domain) : null;
  }

  async create(scope: Scope, domain: ApplePayDomain, now: Date): Promise<void> {
    const id = scoped(scope, domain.token);
    const name = scoped(scope, domain.domainName);
    const list = listKey(scope, 'apple_pay_domains');
    new Change()
      .check(() => !this.domains.has(id), 'domain')
      .check(
        () => !this.names.has(name),
        () => new NameTaken('Apple Pay domain', domain.domainName),
      )
      .write(() => {
        const stored = { domain: copy(domain), sortKey: listSortKey(now, domain.token) };
        this.domains.set(id, stored);
        this.names.set(name, domain.token);
        this.world.lists.join(list, stored.sortKey, id);
        this.world.lists.move(list, 1);
      })
      .commit();
  }

  async delete(scope: Scope, domainToken: string): Promise<void> {
    const id = scoped(scope, domainToken);
    const stored = this.domains.get(id);
    if (!stored) throw new Missing('Apple Pay domain', domainToken);
    const name = scoped(scope, stored.domain.domainName);
    const list = listKey(scope, 'apple_pay_domains');
    new Change()
      .check(
        () => this.domains.get(id) === stored,
        () => new Missing('Apple Pay domain', domainToken),
      )
      .write(() => {
        this.domains.delete(id);
        if (this.names.get(name) === domainToken) this.names.delete(name);
        this.world.lists.leave(list, stored.sortKey);
        this.world.lists.move(list, -1);
      })
      .commit();
  }
}
