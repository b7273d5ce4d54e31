import type { ApplePayDomain, Scope } from '@wattle/domain';
import type { ApplePayDomainsStore } from '../apple-pay.ts';
import { Missing, NameTaken } from '../outcomes.ts';
import { type ListRef, listSortKey, missing, type StoreWrite, type StoreWriter } from './store-writes.ts';

/** The Apple Pay domains' writes (ApplePayDomainsStore), once for both engines. */

const domains: ListRef = { list: 'apple-pay-domains' };

/** The domain, listed and counted, with the record of its name (NameTaken when the merchant has it). */
export const applePayDomainCreation = (domain: ApplePayDomain, now: Date): StoreWrite[] => [
  {
    kind: 'create',
    ref: { record: 'apple-pay-domain', token: domain.token },
    fields: { domain },
    listed: [{ in: domains, sortKey: listSortKey(now, domain.token) }],
  },
  {
    kind: 'create',
    ref: { record: 'apple-pay-domain-name', token: domain.domainName },
    fields: { domain },
    refusal: () => new NameTaken('Apple Pay domain', domain.domainName),
  },
  { kind: 'count', list: domains, by: 1 },
];

/** The domain as read gone (Missing when another deletion came first), its name free again. */
export const applePayDomainRemoval = (domain: ApplePayDomain): StoreWrite[] => [
  {
    kind: 'delete',
    ref: { record: 'apple-pay-domain', token: domain.token },
    when: { exists: true },
    leaves: domains,
    refusal: missing('Apple Pay domain', domain.token),
  },
  {
    kind: 'delete',
    ref: { record: 'apple-pay-domain-name', token: domain.domainName },
    when: { equals: [{ path: ['domain', 'token'], value: domain.token }] },
  },
  { kind: 'count', list: domains, by: -1 },
];

/**
 * The Apple Pay domains' port's writes, on an engine's writer: its repository extends this with
 * its reads and `domainOf`, the one read a deletion needs.
 */
export abstract class ApplePayDomainWrites implements Pick<ApplePayDomainsStore, 'create' | 'delete'> {
  constructor(protected readonly writer: StoreWriter) {}

  /** The domain by its token, or null. */
  protected abstract domainOf(scope: Scope, domainToken: string): Promise<ApplePayDomain | null>;

  async create(scope: Scope, domain: ApplePayDomain, now: Date): Promise<void> {
    await this.writer.commit(scope, applePayDomainCreation(domain, now), now);
  }

  async delete(scope: Scope, domainToken: string): Promise<void> {
    const domain = await this.domainOf(scope, domainToken);
    if (!domain) throw new Missing('Apple Pay domain', domainToken);
    // Nothing of this write is stamped (no event, no token used): any time does.
    await this.writer.commit(scope, applePayDomainRemoval(domain), new Date(0));
  }
}
