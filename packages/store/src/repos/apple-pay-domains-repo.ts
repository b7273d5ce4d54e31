import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ApplePayDomain, Scope } from '@wattle/domain';
import { type ApplePayDomainsStore, ApplePayDomainWrites, type Page } from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { counter } from '../kernel/counters.ts';
import { keys, lists } from '../kernel/keys.ts';
import { readPage } from '../kernel/list-page.ts';
import { StoreWrites } from './store-writes.ts';

const domainsCounter = (scope: Scope) => counter(lists.applePayDomains(scope));

/**
 * Apple Pay domains. A domain's name is held by a claim item written with it (NameTaken when the
 * merchant has the name already), which is also how host_check finds a domain by its name. Their
 * writes are @wattle/ports' (apple-pay-domain-writes.ts).
 */
export class ApplePayDomainsRepo extends ApplePayDomainWrites implements ApplePayDomainsStore {
  constructor(private readonly ctx: StoreContext) {
    super(new StoreWrites(ctx));
  }

  list(scope: Scope, page: number): Promise<Page<ApplePayDomain>> {
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi1', listKey: lists.applePayDomains(scope), counter: domainsCounter(scope) },
      page,
      (item) => item.domain as ApplePayDomain,
    );
  }

  async findByName(scope: Scope, domainName: string): Promise<ApplePayDomain | null> {
    const claim = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.applePayDomainName(scope, domainName),
        ConsistentRead: true,
      }),
    );
    return claim.Item ? (claim.Item.domain as ApplePayDomain) : null;
  }

  protected async domainOf(scope: Scope, domainToken: string): Promise<ApplePayDomain | null> {
    const found = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.applePayDomain(scope, domainToken),
        ConsistentRead: true,
      }),
    );
    return found.Item ? (found.Item.domain as ApplePayDomain) : null;
  }
}
