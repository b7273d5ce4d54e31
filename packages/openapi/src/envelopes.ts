import { type ErrorCode, errorCatalogue, perPage } from '@wattle/domain';
import * as v from 'valibot';

/**
 * What wraps the resource objects (docs/api/requests.md, "Lists and pagination", "Errors"): one object under
 * `response`, lists with the full or the short pagination, and Pin's error body.
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

export const namedEnvelopes = {
  FullPagination: fullPagination,
  ShortPagination: shortPagination,
  FieldMessage: fieldMessage,
  Error: errorBody,
};
