import { type ErrorCode, errorCatalogue, pageCount, perPage } from '@wattle/domain';
import * as v from 'valibot';

/**
 * What wraps the resource objects (docs/api/requests.md, "Lists and pagination", "Errors"): one object under
 * `response`, lists with the full or the short pagination, and Pin's error body; the OpenAPI
 * document describes them from these, and the answers' pagination and error body are typed by them.
 */

const whole = v.pipe(v.number(), v.integer());
const pageNumber = v.nullable(whole);

export const fullPagination = v.strictObject({
  current: whole,
  previous: pageNumber,
  next: pageNumber,
  per_page: v.literal(perPage),
  pages: whole,
  count: v.pipe(whole, v.description('Items in the whole list.')),
});

export const shortPagination = v.strictObject({
  count: v.pipe(whole, v.description('Items in the whole list.')),
  per_page: v.literal(perPage),
  current: whole,
});

const itemsOnPage = v.pipe(whole, v.description('Items on this page.'));

type Schema = v.GenericSchema;

/** What an envelope wraps, by the envelope's schema: the samples (samples.ts) wrap their item alike. */
export type Envelope = {
  kind: 'single' | 'with-ip-address' | 'full' | 'short' | 'short-with-count';
  item: Schema;
};
export const envelopes = new WeakMap<Schema, Envelope>();
const envelope = <S extends Schema>(schema: S, kind: Envelope['kind'], item: Schema): S => {
  envelopes.set(schema, { kind, item });
  return schema;
};

/** One resource: `{response: …}`. */
export const single = (object: Schema) => envelope(v.strictObject({ response: object }), 'single', object);

/** One resource and the caller's address (the card and bank account token endpoints). */
export const withIpAddress = (object: Schema) =>
  envelope(v.strictObject({ response: object, ip_address: v.string() }), 'with-ip-address', object);

export const fullList = (item: Schema) =>
  envelope(
    v.strictObject({ response: v.array(item), count: itemsOnPage, pagination: fullPagination }),
    'full',
    item,
  );

export const shortList = (item: Schema) =>
  envelope(v.strictObject({ response: v.array(item), pagination: shortPagination }), 'short', item);

export const shortListWithCount = (item: Schema) =>
  envelope(
    v.strictObject({ response: v.array(item), count: itemsOnPage, pagination: shortPagination }),
    'short-with-count',
    item,
  );

const errorCodes = Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]];

/** One problem with one parameter; the subscription endpoints leave out `code`. */
export const fieldMessage = v.strictObject({
  code: v.optional(v.string()),
  param: v.pipe(v.string(), v.description('Nesting in brackets: `card[number]`.')),
  message: v.string(),
});

/** Pin's error body; `messages` on a validation failure, the record's token on a refused payment. */
export const errorBody = v.strictObject({
  error: v.picklist(errorCodes),
  error_description: v.string(),
  messages: v.optional(v.array(fieldMessage)),
  charge_token: v.optional(v.string()),
  authorisation_token: v.optional(v.string()),
});

export type FullPaginationJson = v.InferOutput<typeof fullPagination>;
export type ShortPaginationJson = v.InferOutput<typeof shortPagination>;
export type ErrorBodyJson = v.InferOutput<typeof errorBody>;

/**
 * The full shape: top-level `count` (the items on this page, as Pin's framework sets it) and
 * `pagination` with the total in `pagination.count`. A page past the end is empty, not an error.
 */
export const fullPaginationOf = (
  page: number,
  total: number,
  itemsOnPage: number,
): { count: number; pagination: FullPaginationJson } => {
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
export const shortPaginationOf = (
  page: number,
  total: number,
  itemsOnPage: number,
  withCount: boolean,
): { count?: number; pagination: ShortPaginationJson } => ({
  ...(withCount ? { count: itemsOnPage } : {}),
  pagination: { count: total, per_page: perPage, current: page },
});

export const namedEnvelopes = {
  FullPagination: fullPagination,
  ShortPagination: shortPagination,
  FieldMessage: fieldMessage,
  Error: errorBody,
};
