import { apiRoutes, type Route } from '@wattle/routes';
import { type ApiClient, responseOf } from './api-client.ts';
import { objectText } from './object-text.ts';
import { summaryLine } from './summary-line.ts';

/**
 * The resources `<resource> list|get` reads, by the name the command takes, and their paths: the
 * collections of the route table a secret key lists and reads one by one (`GET /1/<name>` and
 * `GET /1/<name>/{token}`), so a new resource's routes make it one with no list here. Not the
 * balance (one object, its own command), a JSONP form, nor the partner's merchants.
 */
export const resourcePathsOf = (table: readonly Route[]): Record<string, string> => {
  const reads = (route: Route): boolean =>
    route.method === 'GET' && !route.jsonp && (route.auth === 'secret' || route.auth === 'secret-or-partner');
  const collections = table.filter((route) => reads(route) && /^\/1\/[a-z_]+$/.test(route.path));
  const readsOne = (path: string): boolean =>
    table.some((route) => reads(route) && new RegExp(`^${path}/\\{[a-z_]+\\}$`).test(route.path));
  return Object.fromEntries(
    collections.filter((route) => readsOne(route.path)).map((route) => [route.path.slice(3), route.path]),
  );
};

export const resourcePaths: Record<string, string> = resourcePathsOf(apiRoutes);

/** `webhook-endpoints` and `webhook_endpoints` alike; null for a resource the command does not read. */
export const resourcePath = (name: string): string | null => resourcePaths[name.replace(/-/g, '_')] ?? null;

export interface ListOptions {
  page: number | null;
  json: boolean;
}

/** One page of a list: a line per object (and the page it is), or the answer's JSON. */
export const listResource = async (
  client: ApiClient,
  path: string,
  options: ListOptions,
): Promise<string> => {
  const answer = (await client.call('GET', `${path}${options.page ? `?page=${options.page}` : ''}`)) as {
    response: Record<string, unknown>[];
    pagination?: { current?: number; pages?: number; count?: number };
  };
  if (options.json) return JSON.stringify(answer, null, 2);
  const lines = answer.response.map(summaryLine);
  const { pagination } = answer;
  if (pagination?.pages !== undefined)
    lines.push(`(page ${pagination.current ?? 1} of ${pagination.pages}, ${pagination.count ?? '?'} in all)`);
  return lines.length ? lines.join('\n') : '(none)';
};

/** One object (the balance has no token): a line per field, or its JSON. */
export const getResource = async (client: ApiClient, path: string, json: boolean): Promise<string> => {
  const response = responseOf(await client.call('GET', path));
  return json ? JSON.stringify(response) : objectText(response);
};
