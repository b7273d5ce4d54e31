import type { ApiObject } from './resources.ts';

/** Whether a list answer has an older page, from either of Pin's pagination shapes. */
export const hasNextPage = (body: ApiObject): boolean => {
  const pagination = (body.pagination ?? {}) as Record<string, unknown>;
  if ('next' in pagination) return pagination.next !== null && pagination.next !== undefined;
  const { current, per_page: perPage, count } = pagination;
  return (
    typeof current === 'number' &&
    typeof perPage === 'number' &&
    typeof count === 'number' &&
    current * perPage < count
  );
};

/** `page` as the dashboard takes it: a whole number from 1 (anything else is page 1). */
export const pageParameter = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
};
