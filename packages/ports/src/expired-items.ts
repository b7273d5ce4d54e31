import { type Scope, secondsPerDay } from '@wattle/domain';

/** The counted lists whose items expire (the retention): what `pagination.count` of each reads. */
export type ExpiringList = 'events' | 'webhooks';

/** An item DynamoDB deleted because its TTL passed, from a list whose count must follow. */
export interface ExpiredItem {
  list: ExpiringList;
  scope: Scope;
  token: string;
}

/**
 * How long the mark of a counted expiry is kept: longer than a deletion may be reported again (a
 * stream keeps its records 24 h), so every repeat finds it. It expires itself, uncounted.
 */
export const expiredMarkSeconds = 2 * secondsPerDay;

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
