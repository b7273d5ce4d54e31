import type { Scope, Webhook } from '@wattle/domain';
import {
  Changed,
  type DeliveryLease,
  jobKinds,
  type LoadedWebhook,
  type WebhookEndpointsStore,
  type WebhooksStore,
} from '@wattle/ports';
import type { fakeSchedule } from './schedule.ts';

const keyOf = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

/** As the store: an attempt holds its webhook for 30 s. */
const leaseMs = 30_000;

interface Held extends LoadedWebhook {
  leaseId: string | null;
}

/**
 * The webhooks port in memory, with the store's rules: one webhook per event and endpoint (and
 * none for an endpoint the endpoints port no longer has), versions and leases checked, the retry
 * job written to the schedule with the outcome, Changed for a replay of a changed or held webhook.
 */
export const fakeWebhooks = (
  endpoints: WebhookEndpointsStore,
  schedule: ReturnType<typeof fakeSchedule>,
): WebhooksStore & { all: Map<string, Held> } => {
  const all = new Map<string, Held>();
  const once = new Map<string, string>();
  let leases = 0;
  const loaded = ({ webhook, version, leasedUntil }: Held): LoadedWebhook => ({
    webhook,
    version,
    leasedUntil,
  });
  return {
    all,
    get: async (scope, token) => {
      const held = all.get(keyOf(scope, token));
      return held ? loaded(held) : null;
    },
    list: async (scope, page) => {
      const items = [...all.entries()]
        .filter(([k]) => k.startsWith(`${scope.accountId}#${scope.environment}#`))
        .map(([, held]) => held.webhook)
        .reverse();
      return { items: items.slice((page - 1) * 25, page * 25), total: items.length };
    },
    createForEvent: async (scope, webhook) => {
      if (!(await endpoints.get(scope, webhook.endpointToken))) return null;
      const onceKey = keyOf(scope, `${webhook.endpointToken}#${webhook.eventToken}`);
      const made = once.get(onceKey);
      if (made) return loaded(all.get(keyOf(scope, made))!);
      once.set(onceKey, webhook.token);
      const held: Held = { webhook, version: 1, leasedUntil: null, leaseId: null };
      all.set(keyOf(scope, webhook.token), held);
      return loaded(held);
    },
    lease: async (scope, { webhook, version }, now) => {
      const held = all.get(keyOf(scope, webhook.token));
      if (!held || held.version !== version) return null;
      const lease: DeliveryLease = { webhookToken: webhook.token, leaseId: `lease${++leases}` };
      all.set(keyOf(scope, webhook.token), {
        ...held,
        version: version + 1,
        leasedUntil: new Date(now.getTime() + leaseMs),
        leaseId: lease.leaseId,
      });
      return lease;
    },
    recordAttempt: async (scope, lease, webhook: Webhook) => {
      const held = all.get(keyOf(scope, lease.webhookToken));
      if (!held || held.leaseId !== lease.leaseId) return false;
      all.set(keyOf(scope, webhook.token), {
        webhook,
        version: held.version + 1,
        leasedUntil: null,
        leaseId: null,
      });
      if (webhook.nextRun)
        schedule.put({
          kind: jobKinds.webhookRetry,
          scope,
          token: webhook.token,
          dueAt: new Date(webhook.nextRun),
        });
      else schedule.cancel(jobKinds.webhookRetry, scope, webhook.token);
      return true;
    },
    replay: async (scope, { version }, webhook, now, fallbackAt) => {
      const held = all.get(keyOf(scope, webhook.token));
      const leased = held?.leasedUntil && held.leasedUntil.getTime() > now.getTime();
      if (!held || held.version !== version || leased) throw new Changed('webhook', webhook.token);
      all.set(keyOf(scope, webhook.token), { ...held, webhook, version: version + 1 });
      schedule.put({ kind: jobKinds.webhookRetry, scope, token: webhook.token, dueAt: fallbackAt });
    },
    // Nothing here expires: the hold is the table's (webhooks-store and expiry integration tests).
    holdForDelivery: async () => {},
  };
};
