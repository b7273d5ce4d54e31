import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ApplePayDomain, Scope } from '@wattle/domain';
import { type ApplePayDomainsStore, Missing, NameTaken, type Page } from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { counter, countIn } from '../kernel/counters.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readPage } from '../kernel/list-page.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
type ApplePayDomainLabel = 'domain' | 'domain-name';

const domainsCounter = (scope: Scope) => counter(lists.applePayDomains(scope));

/**
 * Apple Pay domains. A domain's name is held by a claim item written with it (NameTaken when the
 * merchant has the name already), which is also how host_check finds a domain by its name.
 */
export class ApplePayDomainsRepo implements ApplePayDomainsStore {
  constructor(private readonly ctx: StoreContext) {}

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

  async create(scope: Scope, domain: ApplePayDomain, now: Date): Promise<void> {
    const tx = newTransaction<ApplePayDomainLabel>(this.ctx)
      .put('domain', {
        Item: {
          ...keys.applePayDomain(scope, domain.token),
          _et: 'apple_pay_domain',
          domain,
          ...listMembership('gsi1', lists.applePayDomains(scope), listSortKey(now, domain.token)),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      })
      .put('domain-name', {
        Item: { ...keys.applePayDomainName(scope, domain.domainName), _et: 'apple_pay_domain_name', domain },
        ConditionExpression: 'attribute_not_exists(pk)',
      })
      .refuse('domain-name', () => new NameTaken('Apple Pay domain', domain.domainName));
    countIn(tx, domainsCounter(scope), 1);
    await tx.commit(this.ctx.doc);
  }

  /** The domain, its name claim and its count, together; Missing when another deletion came first. */
  async delete(scope: Scope, domainToken: string): Promise<void> {
    const found = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.applePayDomain(scope, domainToken),
        ConsistentRead: true,
      }),
    );
    if (!found.Item) throw new Missing('Apple Pay domain', domainToken);
    const domain = found.Item.domain as ApplePayDomain;
    const tx = newTransaction<ApplePayDomainLabel>(this.ctx)
      .delete('domain', {
        Key: keys.applePayDomain(scope, domainToken),
        ConditionExpression: 'attribute_exists(pk)',
      })
      .delete('domain-name', {
        Key: keys.applePayDomainName(scope, domain.domainName),
        ConditionExpression: '#d.#t = :token',
        ExpressionAttributeNames: { '#d': 'domain', '#t': 'token' },
        ExpressionAttributeValues: { ':token': domainToken },
      });
    countIn(tx, domainsCounter(scope), -1);
    await tx.commit(this.ctx.doc, { domain: () => new Missing('Apple Pay domain', domainToken) });
  }
}
