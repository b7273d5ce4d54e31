import { type ApiClient, responseOf } from './api-client.ts';
import { objectText } from './object-text.ts';
import { summaryLine } from './summary-line.ts';

/** The resources `<resource> list|get` reads, by the name the command takes, and their paths. */
export const resourcePaths: Record<string, string> = {
  charges: '/1/charges',
  authorisations: '/1/authorisations',
  customers: '/1/customers',
  refunds: '/1/refunds',
  recipients: '/1/recipients',
  transfers: '/1/transfers',
  deposits: '/1/deposits',
  disputes: '/1/disputes',
  plans: '/1/plans',
  subscriptions: '/1/subscriptions',
  events: '/1/events',
  webhooks: '/1/webhooks',
  webhook_endpoints: '/1/webhook_endpoints',
};

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
