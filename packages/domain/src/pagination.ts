/** Every list pages by 25 (docs/api/requests.md, "Lists and pagination"). */
export const perPage = 25;

/** Which items of a list a 1-based page holds. */
export const pageWindow = (page: number) => ({ skip: (page - 1) * perPage, take: perPage });

export const pageCount = (total: number): number => Math.ceil(total / perPage);

/**
 * The full shape: top-level `count` (the items on this page, as Pin's framework sets it) and
 * `pagination` with the total in `pagination.count`. A page past the end is empty, not an error.
 */
export const fullPagination = (page: number, total: number, itemsOnPage: number) => {
  const pages = pageCount(total);
  return {
    count: itemsOnPage,
    pagination: {
      current: page,
      previous: page > 1 ? page - 1 : null,
      next: page < pages ? page + 1 : null,
      per_page: perPage,
      pages,
      count: total,
    },
  };
};

/** The short shape; `withCount` adds the top-level count the subscription lists carry. */
export const shortPagination = (page: number, total: number, itemsOnPage: number, withCount: boolean) => ({
  ...(withCount ? { count: itemsOnPage } : {}),
  pagination: { count: total, per_page: perPage, current: page },
});

export type PaginationShape = 'full' | 'short' | 'short-with-count';
