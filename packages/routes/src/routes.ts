/**
 * The one route table: the CDK stack makes an API Gateway route of each entry, the local gateway
 * matches requests against it, and each function routes its own entries with @middy/http-router
 * and checks authentication by them; both match the path route-path.ts makes of a request's.
 * Each function's routes are in its own folder (functions/<fn>/src/routes.ts), which its handler
 * imports, so that its bundle holds its routes and not every function's; `npm run registry`
 * gathers them all into registry.generated.ts, which this reads.
 */

import type { FunctionAccess } from './access.ts';
import { registry } from './registry.generated.ts';
import type { FunctionName, Route } from './route.ts';

export * from './access.ts';
export { registry } from './registry.generated.ts';
export * from './route.ts';
export * from './route-path.ts';

/** The registry's entries are routes and access as their types say (the generated file is data only). */
type Entry = { readonly routes: readonly Route[]; readonly access: FunctionAccess };
const entries: { readonly [F in FunctionName]: Entry } = registry;

/** Every function, by its folder's name. */
export const functionNames: readonly FunctionName[] = /* @__PURE__ */ Object.keys(entries) as FunctionName[];

/**
 * Every route, function by function. Calls marked pure, so that a function's bundle, which
 * imports this module for its helpers, leaves the registry out (its routes come from its own
 * routes.ts).
 */
export const routes: readonly Route[] = /* @__PURE__ */ Object.values(entries).flatMap(
  (entry) => entry.routes,
);

/** The routes of Pin's API: every route but those the payment processor calls (`caller`). */
export const apiRoutes: readonly Route[] = /* @__PURE__ */ routes.filter(
  (route) => route.caller === undefined,
);

/** What each function may touch: the CDK stack turns each into IAM grants, exactly these. */
export const functionAccess = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ Object.entries(entries).map(([fn, entry]) => [fn, entry.access]),
) as { readonly [F in FunctionName]: FunctionAccess };

type TableRoute = (typeof registry)[FunctionName]['routes'][number];

/**
 * The route keys (`"GET /1/charges/{charge_token}"`) of one function's routes, as a type: a
 * function's handler map must name each of them, and nothing else.
 */
export type RouteKeyOf<F extends FunctionName> = TableRoute extends infer R
  ? R extends { fn: F; method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;

/** Any route key of the table. */
export type RouteKey = RouteKeyOf<FunctionName>;

/** The names of a route key's (or a path's) parameters: `plan_token` of `GET /1/plans/{plan_token}`. */
type ParamNamesOf<K extends string> = K extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNamesOf<Rest>
  : never;

/**
 * The path parameters of a route, from its key in the table: one string for each `{name}` of its
 * path (none for never), so a handler that reads a parameter its route lacks does not compile.
 */
export type PathParams<K extends string> = { readonly [Name in ParamNamesOf<K>]: string };

/** The routes one function answers. */
export const routesOf = (fn: FunctionName): Route[] => routes.filter((route) => route.fn === fn);

/** The function that answers every request no route matches, with Pin's 404 body. */
export const fallbackFunction: FunctionName = 'not-found';

/** Whether a route's requests carry a body to read: not a GET's, nor a HEAD's. */
export const takesBody = (route: Pick<Route, 'method'>): boolean =>
  route.method !== 'GET' && route.method !== 'HEAD';

/** API Gateway's route key: `METHOD /path`. */
export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/** The handler module of a function, relative to the repository root. */
export const functionEntry = (fn: FunctionName): string => `functions/${fn}/src/handler.ts`;

export interface RouteMatch {
  route: Route;
  pathParameters: Record<string, string>;
}

const segmentsOf = (path: string): string[] => path.split('/').filter((s) => s !== '');
const safeDecode = (value: string): string | null => {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};
const isParam = (segment: string): boolean => segment.startsWith('{') && segment.endsWith('}');

/**
 * Each route's path cut into segments (a parameter's name, or null for a literal), by method and
 * segment count: made on the first match and kept, since every request is matched (the local
 * gateway) and the table never changes. A request is compared only with the few routes of its
 * method and length, not the whole table.
 */
type Pattern = { route: Route; segments: string[]; params: (string | null)[] };
let patterns: Map<string, Pattern[]> | undefined;
const indexKey = (method: string, segments: number): string => `${method} ${segments}`;
const patternsOf = (method: string, segments: number): Pattern[] => {
  patterns ??= routes.reduce((index, route) => {
    const cut = segmentsOf(route.path);
    const params = cut.map((segment) => (isParam(segment) ? segment.slice(1, -1) : null));
    const key = indexKey(route.method, cut.length);
    index.set(key, [...(index.get(key) ?? []), { route, segments: cut, params }]);
    return index;
  }, new Map<string, Pattern[]>());
  return patterns.get(indexKey(method, segments)) ?? [];
};

/**
 * Matches a request path (relative to the stage: pathWithinStage) as API Gateway does: a literal
 * segment beats a parameter, so `/1/charges/search` wins over `/1/charges/{charge_token}`; a
 * parameter is the segment percent-decoded (a segment that does not decode matches no parameter).
 */
export const matchRoute = (method: string, path: string): RouteMatch | null => {
  const requested = segmentsOf(path);
  let best: RouteMatch | null = null;
  let bestLiterals = -1;
  for (const { route, segments, params: names } of patternsOf(method, requested.length)) {
    const params: Record<string, string> = {};
    let literals = 0;
    const matches = segments.every((segment, i) => {
      const value = requested[i] as string;
      const name = names[i];
      if (name) {
        const decoded = safeDecode(value);
        if (decoded === null) return false;
        params[name] = decoded;
        return true;
      }
      literals++;
      return segment === value;
    });
    if (matches && literals > bestLiterals) {
      best = { route, pathParameters: params };
      bestLiterals = literals;
    }
  }
  return best;
};
