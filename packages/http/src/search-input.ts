import { searchSchema, validate } from '@wattle/wire';
import type { Fields } from './fields.ts';
import { pageOf } from './pages.ts';

/** What every search matches against: a description, an amount and a creation time. */
export interface Searchable {
  description: string;
  amount: number;
  createdAt: string;
}

/** The most records one search reads; narrow it with start_date and end_date past that. */
export const searchLimit = 10_000;

/**
 * A search request: read the records created in [start_date, end_date) with `read` (newest
 * first), keep those where one of `textsOf` (the description unless given) contains `query`,
 * case aside, or whose amount equals it, sort by created_at or amount in either direction, and
 * take the requested page of 25.
 */
export const search = async <T extends Searchable>(
  query: Fields,
  read: (from: Date | null, to: Date | null, limit: number) => Promise<T[]>,
  textsOf: (record: T) => readonly string[] = (record) => [record.description],
): Promise<{ page: number; items: T[]; total: number }> => {
  const input = validate(searchSchema, query);
  const page = pageOf(query);
  const wanted = input.query.toLowerCase();
  const found = (await read(input.start_date ?? null, input.end_date ?? null, searchLimit)).filter(
    (record) =>
      wanted === '' ||
      textsOf(record).some((text) => text.toLowerCase().includes(wanted)) ||
      (/^\d+$/.test(wanted) && record.amount === Number(wanted)),
  );
  const sign = input.direction === '1' ? 1 : -1;
  // The index gives newest first; a stable sort keeps that order among equal amounts.
  const ordered = found
    .reverse()
    .sort((a, b) =>
      input.sort === 'amount' ? sign * (a.amount - b.amount) : sign * a.createdAt.localeCompare(b.createdAt),
    );
  const start = (page - 1) * 25;
  return { page, items: ordered.slice(start, start + 25), total: ordered.length };
};
