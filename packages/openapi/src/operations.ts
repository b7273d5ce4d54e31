import type { FunctionName, RouteKeyOf } from '@wattle/routes';
import type { FunctionOperations, Operation } from './operation.ts';
import { functionOperations } from './operations.generated.ts';
import type { ExampleTokens, RequestExample } from './request-examples.ts';

export * from './operation.ts';

/**
 * The documentation of each route of the table (packages/routes), by its route key: each
 * function's own, from its functions/<fn>/src/operations.ts, gathered by `npm run registry`
 * (operations.generated.ts).
 */

/**
 * Every route key of Pin's API in the table: `"GET /1/charges/{charge_token}"` (the processor's
 * notifications are no part of it).
 */
export type RouteKey = RouteKeyOf<Exclude<FunctionName, 'processor-notifications'>>;

/** The functions the document shows: those with routes of Pin's API. */
type DocumentedFunction = {
  [F in FunctionName]: [RouteKeyOf<F>] extends [never] ? never : F;
}[Exclude<FunctionName, 'processor-notifications'>];

/** `tsc` fails while a function with routes of the API has no operations.ts, or it misses a route. */
const documented: { readonly [F in DocumentedFunction]: FunctionOperations<F> } = functionOperations;

/** A function's operations.ts, as the document reads it: by any route key. */
interface Documentation {
  operations: Record<string, Operation>;
  examples?: (tokens: ExampleTokens) => Partial<Record<string, RequestExample>>;
}
const everyFunction: Documentation[] = Object.values(documented);

export const operations = Object.assign({}, ...everyFunction.map((fn) => fn.operations)) as Record<
  RouteKey,
  Operation
>;

/** The request sample of each operation that takes a body or a query beyond `page`, by route key. */
export const requestExamples = (tokens: ExampleTokens): Record<string, RequestExample> =>
  Object.assign({}, ...everyFunction.map((fn) => fn.examples?.(tokens) ?? {}));
