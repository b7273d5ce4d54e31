import { newWebhook, type Scope, type WebhookEndpoint, webhookAccepted } from '@wattle/domain';
import { Changed, JobTaken, jobKinds, LimitReached, Missing } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { anEndpoint, at, type Engine, ids, later, newScope, race, type StorePorts } from './subject.ts';

const now = at('2026-11-21T05:00:00Z');

const newEndpoint = async (ports: StorePorts, scope: Scope, when = now): Promise<WebhookEndpoint> => {
  const endpoint = anEndpoint(when);
  await ports.webhookEndpoints.create(scope, endpoint, when);
  return endpoint;
};

const webhookFor = (endpoint: WebhookEndpoint, eventToken = ids.token('evt')) =>
  newWebhook(ids, endpoint, eventToken, now.toISOString());

/** WebhookEndpointsStore and WebhooksStore: endpoints within the limit, webhooks once per event, leases. */
export const describeWebhooks = (engine: Engine) => {
  describe('webhook endpoints', () => {
    it('are kept within the limit: of racing creations past it, all but the ones that fit are refused', async () => {
      const ports = engine();
      const scope = newScope();
      const { won, refusals } = await race(
        ...Array.from({ length: 7 }, () => ports.webhookEndpoints.create(scope, anEndpoint(now), now)),
      );
      expect(won).toBe(5);
      expect(refusals).toHaveLength(2);
      for (const refusal of refusals) expect(refusal).toBeInstanceOf(LimitReached);
      expect(refusals[0]).toMatchObject({ limit: 5 });
      expect((await ports.webhookEndpoints.list(scope, 1)).total).toBe(5);
    });

    it('are deleted with their webhooks, once (Missing after), freeing their place in the limit', async () => {
      const ports = engine();
      const scope = newScope();
      const endpoint = await newEndpoint(ports, scope);
      const other = await newEndpoint(ports, scope, later(now, 1));
      const made = await ports.webhooks.createForEvent(scope, webhookFor(endpoint), now);
      const kept = await ports.webhooks.createForEvent(scope, webhookFor(other), now);
      expect((await ports.webhooks.list(scope, 1)).total).toBe(2);
      const { won, refusals } = await race(
        ports.webhookEndpoints.delete(scope, endpoint.token, now),
        ports.webhookEndpoints.delete(scope, endpoint.token, now),
      );
      expect(won).toBe(1);
      expect(refusals).toEqual([new Missing('webhook endpoint', endpoint.token)]);
      expect(await ports.webhookEndpoints.get(scope, endpoint.token)).toBeNull();
      expect(await ports.webhookEndpoints.list(scope, 1)).toEqual({ items: [other], total: 1 });
      expect(await ports.webhooks.get(scope, made!.webhook.token)).toBeNull();
      expect(await ports.webhooks.list(scope, 1)).toEqual({ items: [kept!.webhook], total: 1 });
      const purges = await ports.schedule.due(jobKinds.endpointPurge, later(now, 3600_000));
      expect(purges.some((job) => job.token === endpoint.token)).toBe(false);
      expect(await ports.webhooks.createForEvent(scope, webhookFor(endpoint), now)).toBeNull();
    });
  });

  describe('webhooks', () => {
    it('are made once per event and endpoint, however many fan-outs race to make them', async () => {
      const ports = engine();
      const scope = newScope();
      const endpoint = await newEndpoint(ports, scope);
      const eventToken = ids.token('evt');
      const made = await Promise.all(
        Array.from({ length: 4 }, () =>
          ports.webhooks.createForEvent(scope, webhookFor(endpoint, eventToken), now),
        ),
      );
      expect(new Set(made.map((loaded) => loaded!.webhook.token)).size).toBe(1);
      expect(made[0]).toEqual({ webhook: made[0]!.webhook, version: 1, leasedUntil: null });
      expect(await ports.webhooks.list(scope, 1)).toEqual({ items: [made[0]!.webhook], total: 1 });
      expect(await ports.webhooks.createForEvent(scope, webhookFor(anEndpoint(now)), now)).toBeNull();
    });

    it('are held by one attempt at a time; only its holder records the outcome and the retry job', async () => {
      const ports = engine();
      const scope = newScope();
      const endpoint = await newEndpoint(ports, scope);
      const loaded = (await ports.webhooks.createForEvent(scope, webhookFor(endpoint), now))!;
      const leases = await Promise.all([
        ports.webhooks.lease(scope, loaded, now),
        ports.webhooks.lease(scope, loaded, now),
      ]);
      const held = leases.filter((lease) => lease !== null);
      expect(held).toHaveLength(1);
      const leased = (await ports.webhooks.get(scope, loaded.webhook.token))!;
      expect(leased.version).toBe(2);
      expect(leased.leasedUntil).toEqual(later(now, 30_000));
      const retryAt = later(now, 60_000);
      const failed = { ...loaded.webhook, retries: 1, nextRun: retryAt.toISOString() };
      expect(await ports.webhooks.recordAttempt(scope, { ...held[0]!, leaseId: 'another' }, failed)).toBe(
        false,
      );
      expect(await ports.webhooks.recordAttempt(scope, held[0]!, failed)).toBe(true);
      expect(await ports.webhooks.recordAttempt(scope, held[0]!, failed)).toBe(false);
      expect(await ports.webhooks.get(scope, loaded.webhook.token)).toEqual({
        webhook: failed,
        version: 3,
        leasedUntil: null,
      });
      const retries = await ports.schedule.due(jobKinds.webhookRetry, retryAt);
      expect(retries.filter((job) => job.token === loaded.webhook.token)).toEqual([
        { kind: jobKinds.webhookRetry, scope, token: loaded.webhook.token, dueAt: retryAt, data: {} },
      ]);
      const again = (await ports.webhooks.lease(
        scope,
        (await ports.webhooks.get(scope, loaded.webhook.token))!,
        now,
      ))!;
      await ports.webhooks.recordAttempt(scope, again, webhookAccepted(failed, now.toISOString()));
      expect(
        (await ports.schedule.due(jobKinds.webhookRetry, retryAt)).some((j) => j.token === failed.token),
      ).toBe(false);
    });

    it('are replayed only as loaded and not while an attempt holds them (Changed)', async () => {
      const ports = engine();
      const scope = newScope();
      const endpoint = await newEndpoint(ports, scope);
      const loaded = (await ports.webhooks.createForEvent(scope, webhookFor(endpoint), now))!;
      const fallbackAt = later(now, 300_000);
      await ports.webhooks.lease(scope, loaded, now);
      const leased = (await ports.webhooks.get(scope, loaded.webhook.token))!;
      await expect(ports.webhooks.replay(scope, leased, leased.webhook, now, fallbackAt)).rejects.toEqual(
        new Changed('webhook', loaded.webhook.token),
      );
      await expect(
        ports.webhooks.replay(scope, loaded, loaded.webhook, later(now, 31_000), fallbackAt),
      ).rejects.toEqual(new Changed('webhook', loaded.webhook.token));
      await ports.webhooks.replay(
        scope,
        leased,
        { ...leased.webhook, retries: 0 },
        later(now, 31_000),
        fallbackAt,
      );
      expect((await ports.webhooks.get(scope, loaded.webhook.token))?.version).toBe(3);
      const retries = await ports.schedule.due(jobKinds.webhookRetry, fallbackAt);
      expect(retries.some((job) => job.token === loaded.webhook.token)).toBe(true);
    });

    it("are purged with a deletion's leftover job, which one run claims (JobTaken for the other)", async () => {
      const ports = engine();
      const scope = newScope();
      const endpoint = await newEndpoint(ports, scope);
      const made = (await ports.webhooks.createForEvent(scope, webhookFor(endpoint), now))!;
      await ports.webhookEndpoints.delete(scope, endpoint.token, now);
      expect(await ports.webhooks.get(scope, made.webhook.token)).toBeNull();
      const job = { kind: jobKinds.endpointPurge, scope, token: endpoint.token, dueAt: later(now, 600_000) };
      await expect(ports.webhookEndpoints.purge(job)).rejects.toEqual(
        new JobTaken(jobKinds.endpointPurge, endpoint.token),
      );
      expect((await ports.webhooks.list(scope, 1)).total).toBe(0);
    });

    it("leave their list's count once per expiry reported", async () => {
      const ports = engine();
      const scope = newScope();
      const endpoint = await newEndpoint(ports, scope);
      const made = (await ports.webhooks.createForEvent(scope, webhookFor(endpoint), now))!;
      const expired = { list: 'webhooks' as const, scope, token: made.webhook.token };
      expect(await ports.expiredItems.uncount(expired, now)).toBe(true);
      expect(await ports.expiredItems.uncount(expired, now)).toBe(false);
      expect((await ports.webhooks.list(scope, 1)).total).toBe(0);
    });
  });
};
