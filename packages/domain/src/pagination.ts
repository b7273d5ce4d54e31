/** Every list pages by 25 (docs/api/requests.md, "Lists and pagination"). */
export const perPage = 25;

/** Which items of a list a 1-based page holds. */
export const pageWindow = (page: number) => ({ skip: (page - 1) * perPage, take: perPage });

export const pageCount = (total: number): number => Math.ceil(total / perPage);

export type PaginationShape = 'full' | 'short' | 'short-with-count';
