import type { Scope } from '@wattle/domain';

/** The counted lists whose items expire (the retention): what `pagination.count` of each reads. */
export type ExpiringList = 'events' | 'webhooks';

/** An item DynamoDB deleted because its TTL passed, from a list whose count must follow. */
export interface ExpiredItem {
  list: ExpiringList;
  scope: Scope;
  token: string;
}

/**
 * The counts of lists whose items DynamoDB deletes by itself (TTL): no transaction of ours removes
 * them, so the consumer of the deletions moves the counter.
 */
export interface ExpiredItemsStore {
  /**
   * Takes the item out of its list's count, once however often the same deletion is reported (a
   * retried stream batch): false when it was already.
   */
  uncount(item: ExpiredItem, now: Date): Promise<boolean>;
}
