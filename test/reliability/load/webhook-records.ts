import { type LocalTableRef, scanLocalTable } from '../harness/table-snapshot.ts';

/** An event item's token: the end of its key (`<accountId>#<environment>#<evt_…>`). */
const eventTokenOf = (item: Record<string, unknown>): string => String(item.pk).split('#')[2] as string;

export interface MissingWebhooks {
  events: number;
  webhooks: number;
  /** Events without a webhook for some endpoint of their merchant, as `evt → endpoint`. */
  missing: string[];
  /** (event, endpoint) pairs with more than one webhook. */
  duplicated: string[];
}

/**
 * Compares the events of a table with its webhook records: each event of a merchant with webhook
 * endpoints must have exactly one webhook per endpoint. Events in `before` (made before the
 * endpoints) are left out.
 */
export const checkWebhookRecords = async (
  stack: LocalTableRef,
  tableName: string,
  before: ReadonlySet<string>,
): Promise<MissingWebhooks> => {
  const items = await scanLocalTable(stack, tableName);
  const scopeOf = (pk: unknown) => String(pk).split('#').slice(0, 2).join('#');
  const endpoints = new Map<string, string[]>();
  for (const item of items) {
    if (item._et !== 'webhook_endpoint' || item.deletingSince) continue;
    const scope = scopeOf(item.pk);
    endpoints.set(scope, [...(endpoints.get(scope) ?? []), (item.endpoint as { token: string }).token]);
  }
  const made = new Map<string, number>();
  for (const item of items) {
    if (item._et !== 'webhook') continue;
    const { eventToken, endpointToken } = item.webhook as { eventToken: string; endpointToken: string };
    made.set(`${eventToken} → ${endpointToken}`, (made.get(`${eventToken} → ${endpointToken}`) ?? 0) + 1);
  }
  const result: MissingWebhooks = {
    events: 0,
    webhooks: [...made.values()].reduce((a, b) => a + b, 0),
    missing: [],
    duplicated: [],
  };
  for (const item of items) {
    if (item._et !== 'event' || before.has(eventTokenOf(item))) continue;
    const token = eventTokenOf(item);
    const scoped = endpoints.get(scopeOf(item.pk)) ?? [];
    if (scoped.length === 0) continue;
    result.events++;
    for (const endpoint of scoped) {
      const count = made.get(`${token} → ${endpoint}`) ?? 0;
      if (count === 0) result.missing.push(`${token} → ${endpoint}`);
      if (count > 1) result.duplicated.push(`${token} → ${endpoint}`);
    }
  }
  return result;
};

/** The tokens of every event in the table now. */
export const eventTokens = async (stack: LocalTableRef, tableName: string): Promise<Set<string>> =>
  new Set((await scanLocalTable(stack, tableName)).filter((item) => item._et === 'event').map(eventTokenOf));
