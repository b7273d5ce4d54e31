import type { FunctionName, RouteKeyOf } from '@wattle/routes';
import { fullList, searchSchema, shortList, shortListWithCount, single, withIpAddress } from '@wattle/wire';
import * as v from 'valibot';
import { entriesOf } from './entries.ts';
import { type ExampleTokens, jsonpExample, type RequestExample } from './request-examples.ts';

/**
 * What the documentation of a route is, and the helpers a function's operations.ts writes it with
 * (`@wattle/openapi/operation`). Each function documents its own routes in
 * functions/<fn>/src/operations.ts: a summary, its request schema (@wattle/wire's, the one the
 * handler validates with) and its success answers, built from the response objects of
 * @wattle/wire; the errors every route shares (401, 404, 422 and Pin's error body for any other
 * status) are added by the document builder from the route itself.
 */

/** A success answer: a JSON body's schema, or a body that is not JSON (`count`: HEAD's X-Total-Count). */
export type Answer = v.GenericSchema | 'no-content' | 'count' | 'html' | 'redirect' | 'jsonp';

export interface Operation {
  summary: string;
  /** The request body, taken as form fields or as JSON; the fields of the parts when the route's body is multipart. */
  body?: v.GenericSchema;
  /** The query parameters (an object schema, one parameter per key). */
  query?: v.GenericSchema;
  /** The success answers by status. */
  answers: Record<number, Answer>;
}

/**
 * A function's operations.ts: an operation for each of its routes (`tsc` insists), and the
 * request samples of those that take a body or a query beyond `page`, by route key.
 */
export interface FunctionOperations<F extends FunctionName> {
  operations: Record<RouteKeyOf<F>, Operation>;
  examples?: (tokens: ExampleTokens) => Partial<Record<RouteKeyOf<F>, RequestExample>>;
}

/**
 * The request schemas that check against the clock read it only in their checks, which the
 * document leaves out (a card's expiry); any date makes the same document.
 */
export const anyNow = new Date(0);
/** The environment the schemas are built for: only a check's text depends on it, which the document does not show. */
export const anyEnvironment = 'test';

export const page = v.object({
  page: v.optional(v.pipe(v.string(), v.description('1-based page of 25 items.'))),
});

/** A JSONP request (Pin.js): the fields of the POST it stands for, in the query string. */
export const jsonp = (fields: v.GenericSchema) =>
  v.object({
    callback: v.pipe(v.string(), v.description('The JavaScript function the answer calls.')),
    _method: v.literal('POST'),
    publishable_api_key: v.optional(v.string()),
    ...entriesOf(fields),
  });

export const list = (summary: string, item: v.GenericSchema): Operation => ({
  summary,
  query: page,
  answers: { 200: fullList(item) },
});
export const shortPaged = (summary: string, item: v.GenericSchema): Operation => ({
  summary,
  query: page,
  answers: { 200: shortList(item) },
});
export const shortPagedWithCount = (summary: string, item: v.GenericSchema): Operation => ({
  summary,
  query: page,
  answers: { 200: shortListWithCount(item) },
});
export const one = (summary: string, object: v.GenericSchema, status = 200): Operation => ({
  summary,
  answers: { [status]: single(object) },
});
export const search = (summary: string, item: v.GenericSchema): Operation => ({
  summary,
  query: searchSchema,
  answers: { 200: fullList(item) },
});

/** A function's operations: one for each of its routes (`tsc` insists), by route key. */
export type OperationsOf<F extends FunctionName> = FunctionOperations<F>['operations'];
/** A function's request samples, by route key. */
export type ExamplesOf<F extends FunctionName> = NonNullable<FunctionOperations<F>['examples']>;

/** The four routes of a token Pin.js makes: the POST, its `.json` twin, and the JSONP GET of each. */
type TokenRoutes<P extends string> = `POST ${P}` | `POST ${P}.json` | `GET ${P}.json` | `GET ${P}`;

/**
 * The operations of a token's four routes (`/1/cards`, `/1/payment_sources`, `/1/bank_accounts`):
 * the POST from its body's fields, answered with the object and the request's IP address, and the
 * JSONP GET (Pin.js) that carries the same fields in its query string.
 */
export const tokenOperations = <P extends string>(
  path: P,
  summary: string,
  body: v.GenericSchema,
  object: v.GenericSchema,
): Record<TokenRoutes<P>, Operation> => {
  const post: Operation = { summary, body, answers: { 201: withIpAddress(object) } };
  const get: Operation = { summary: `${summary} (JSONP)`, query: jsonp(body), answers: { 200: 'jsonp' } };
  return {
    [`POST ${path}`]: post,
    [`POST ${path}.json`]: post,
    [`GET ${path}.json`]: get,
    [`GET ${path}`]: get,
  } as Record<TokenRoutes<P>, Operation>;
};

/** The samples of a token's four routes: the fields as the POST's body, and in the JSONP GET's query. */
export const tokenExamples = <P extends string>(
  path: P,
  fields: Record<string, unknown>,
): Record<TokenRoutes<P>, RequestExample> => {
  const post = { body: fields };
  const get = { query: { ...jsonpExample, ...fields } };
  return {
    [`POST ${path}`]: post,
    [`POST ${path}.json`]: post,
    [`GET ${path}.json`]: get,
    [`GET ${path}`]: get,
  } as Record<TokenRoutes<P>, RequestExample>;
};
