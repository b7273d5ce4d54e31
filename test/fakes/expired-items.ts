import type { ExpiredItem, ExpiredItemsStore } from '@wattle/ports';

const listKey = (item: ExpiredItem) => `${item.scope.accountId}#${item.scope.environment}#${item.list}`;

/**
 * The expired-items port in memory: list counts by merchant and list, and the marks of expiries
 * already counted. `failOn` makes uncounting that token throw, as a store that is down would.
 */
export const fakeExpiredItems = (
  counts: Record<string, number> = {},
): ExpiredItemsStore & { counts: Record<string, number>; failOn: Set<string> } => {
  const marks = new Set<string>();
  const failOn = new Set<string>();
  return {
    counts,
    failOn,
    uncount: async (item) => {
      if (failOn.has(item.token)) throw new Error(`The store is down (${item.token})`);
      const mark = `${listKey(item)}#${item.token}`;
      if (marks.has(mark)) return false;
      marks.add(mark);
      counts[listKey(item)] = (counts[listKey(item)] ?? 0) - 1;
      return true;
    },
  };
};
