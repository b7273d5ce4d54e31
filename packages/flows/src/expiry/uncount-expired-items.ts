import type { Clock } from '@wattle/domain';
import type { ExpiredItem, ExpiredItemsStore } from '@wattle/ports';

export interface UncountExpiredItemsDeps {
  expiredItems: ExpiredItemsStore;
  clock: Clock;
}

export interface UncountOutcome {
  /** Items taken out of their list's count now (a repeated deletion is not counted again). */
  uncounted: number;
  /** The position of the item that failed, where the batch must be taken up again; null when none. */
  failedAt: number | null;
  error?: unknown;
}

/**
 * A batch of table deletions, in stream order: each event or webhook DynamoDB's TTL deleted
 * leaves its list's count (`pagination.count`), once. Anything else in the batch (null) is
 * skipped. At the first failure it stops and says where: the items after it are not done yet, so
 * the batch is taken up again from there (Lambda's partial batch response) and nothing is skipped.
 */
export const uncountExpiredItems = async (
  deps: UncountExpiredItemsDeps,
  items: readonly (ExpiredItem | null)[],
): Promise<UncountOutcome> => {
  let uncounted = 0;
  for (const [position, item] of items.entries()) {
    if (!item) continue;
    try {
      if (await deps.expiredItems.uncount(item, deps.clock.now())) uncounted += 1;
    } catch (error) {
      return { uncounted, failedAt: position, error };
    }
  }
  return { uncounted, failedAt: null };
};
