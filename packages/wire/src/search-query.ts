import * as v from 'valibot';
import { parseSearchDate } from './search-date.ts';
import { phrases } from './validation.ts';

/** A search date in any form `parseSearchDate` reads (YYYY/MM/DD, ISO 8601, `Mar 25, 2011`, …). */
const searchDate = v.pipe(
  v.string(phrases.invalid),
  v.transform(parseSearchDate),
  v.instance(Date, 'is not a valid date'),
);

/** The query parameters of GET /charges/search and GET /transfers/search (docs/api/requests.md). */
export const searchSchema = v.object({
  query: v.optional(v.pipe(v.string('is invalid'), v.trim(), v.maxLength(255, 'is too long')), ''),
  start_date: v.optional(searchDate),
  end_date: v.optional(searchDate),
  sort: v.optional(v.picklist(['created_at', 'amount'], 'must be created_at or amount'), 'created_at'),
  direction: v.optional(v.picklist(['1', '-1'], 'must be 1 or -1'), '1'),
  page: v.optional(v.string()),
});
