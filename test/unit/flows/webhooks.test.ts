import {
  maxAttemptsKept,
  nextRetryAt,
  retryDelaysSeconds,
  type Scope,
  type WattleEvent,
  type Webhook,
} from '@wattle/domain';
import {
  deliverWebhook,
  fanOutEvent,
  fanOutOverdueEvents,
  getWebhook,
  listWebhooks,
  replayWebhook,
  retryWebhook,
} from '@wattle/flows';
import { Changed, JobTaken, jobKinds, type WebhooksStore } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fakeDeliveryQueue, fakeSender, refusedBy } from '../../fakes/delivery.ts';
import { fixedClock, sequentialIds, virtualPacing } from '../../fakes/system.ts';
import { memoryStore, overriding } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const other: Scope = { accountId: 'acct_2', environment: 'test' };
const event: WattleEvent = {
  token: 'evt_1',
  type: 'customer.created',
  data: { token: 'cus_1' },
  createdAt: '2026-11-24T09:59:00Z',
};

const setUp = (...outcomes: Parameters<typeof fakeSender>) => {
  const { schedule, webhookEndpoints, webhooks, events, world } = memoryStore();
  world.recordEvent(scope, event, new Date(event.createdAt));
  return {
    schedule,
    webhookEndpoints,
    webhooks,
    events,
    world,
    deliveryQueue: fakeDeliveryQueue(),
    webhookSender: fakeSender(...outcomes),
    clock: fixedClock('2026-11-24T10:00:00Z'),
    ids: sequentialIds(),
    pacing: virtualPacing(),
  };
};
type Deps = ReturnType<typeof setUp>;

const addEndpoint = async (deps: Deps, on: Scope, n: number) => {
  const endpoint = {
    token: `whe_${n}`,
    key: `key${n}`,
    url: `https://example.com/hooks/${n}`,
    createdAt: '2026-11-24T09:00:00Z',
    updatedAt: '2026-11-24T09:00:00Z',
  };
  await deps.webhookEndpoints.create(on, endpoint, deps.clock.now());
  return endpoint;
};

/** The event fanned out to two endpoints of the merchant (and one of another merchant). */
const fannedOut = async (deps: Deps): Promise<Webhook[]> => {
  await addEndpoint(deps, scope, 1);
  await addEndpoint(deps, scope, 2);
  await addEndpoint(deps, other, 3);
  await fanOutEvent(deps, { scope, event });
  return (await listWebhooks(deps, scope, 1)).items;
};

const deliver = (deps: Deps, webhook: Webhook) =>
  deliverWebhook(deps, { scope, webhookToken: webhook.token });

const retryJobOf = (deps: Deps, webhook: Webhook) =>
  deps.world.jobs.find(jobKinds.webhookRetry, scope, webhook.token);

/** Whether the event still awaits its fan-out. */
const awaiting = async (deps: Deps, eventToken: string) =>
  (await deps.events.awaitingFanOut(new Date('2100-01-01T00:00:00Z'), 1000)).some(
    (found) => found.event.token === eventToken,
  );

describe('the fan-out of an event', () => {
  it("makes one pending webhook per endpoint of the event's merchant, and asks for each attempt", async () => {
    const deps = setUp();
    const webhooks = await fannedOut(deps);
    expect(webhooks.map((w) => [w.endpointToken, w.status, w.eventToken]).sort()).toEqual([
      ['whe_1', 'pending', 'evt_1'],
      ['whe_2', 'pending', 'evt_1'],
    ]);
    expect(deps.deliveryQueue.sent.map((r) => r.webhookToken).sort()).toEqual(
      webhooks.map((w) => w.token).sort(),
    );
    expect(deps.deliveryQueue.sent.every((r) => r.scope === scope)).toBe(true);
    expect((await listWebhooks(deps, other, 1)).total).toBe(0);
  });

  it('makes no second webhook when the event comes again, and asks again only for those still waiting', async () => {
    const deps = setUp();
    const [first, second] = await fannedOut(deps);
    await deliver(deps, first!);
    deps.deliveryQueue.sent.length = 0;
    await fanOutEvent(deps, { scope, event });
    expect((await listWebhooks(deps, scope, 1)).total).toBe(2);
    expect(deps.deliveryQueue.sent).toEqual([{ scope, webhookToken: second!.token }]);
  });

  it('marks the event done only once its deliveries are asked for', async () => {
    const deps = setUp();
    await addEndpoint(deps, scope, 1);
    deps.deliveryQueue.send = async () => {
      throw new Error('the queue is down');
    };
    await expect(fanOutEvent(deps, { scope, event })).rejects.toThrow('the queue is down');
    expect(await awaiting(deps, event.token)).toBe(true);
    deps.deliveryQueue.send = fakeDeliveryQueue().send;
    await fanOutEvent(deps, { scope, event });
    expect(await awaiting(deps, event.token)).toBe(false);
  });

  it('marks an event of a merchant without endpoints done too', async () => {
    const deps = setUp();
    await fanOutEvent(deps, { scope, event });
    expect(await awaiting(deps, event.token)).toBe(false);
    expect(deps.deliveryQueue.sent).toEqual([]);
  });
});

describe('the fan-out of overdue events (the scheduler)', () => {
  const grace = { graceMs: 5 * 60_000 };
  const later: WattleEvent = { ...event, token: 'evt_2', createdAt: '2026-11-24T09:58:00Z' };

  it('fans out the events awaiting it past the grace period, oldest first, and only those', async () => {
    const deps = setUp();
    await addEndpoint(deps, scope, 1);
    deps.world.recordEvent(scope, later, new Date(later.createdAt));
    // 10:00 now: evt_1 (09:59) and evt_2 (09:58) are inside the five minutes.
    expect(await fanOutOverdueEvents(deps, deps.clock.now(), grace)).toEqual({ fannedOut: 0, failed: 0 });
    deps.clock.advance(3.5 * 60_000);
    expect(await fanOutOverdueEvents(deps, deps.clock.now(), grace)).toEqual({ fannedOut: 1, failed: 0 });
    expect((await listWebhooks(deps, scope, 1)).items.map((w) => w.eventToken)).toEqual(['evt_2']);
    deps.clock.advance(60_000);
    expect(await fanOutOverdueEvents(deps, deps.clock.now(), grace)).toEqual({ fannedOut: 1, failed: 0 });
    expect(await awaiting(deps, 'evt_1')).toBe(false);
    expect(await fanOutOverdueEvents(deps, deps.clock.now(), grace)).toEqual({ fannedOut: 0, failed: 0 });
  });

  it("racing the stream's fan-out and an overlapping run, makes one webhook per endpoint and one attempt", async () => {
    const deps = setUp();
    await addEndpoint(deps, scope, 1);
    await addEndpoint(deps, scope, 2);
    deps.clock.advance(10 * 60_000);
    await Promise.all([
      fanOutEvent(deps, { scope, event }),
      fanOutOverdueEvents(deps, deps.clock.now(), grace),
      fanOutOverdueEvents(deps, deps.clock.now(), grace),
    ]);
    const webhooks = (await listWebhooks(deps, scope, 1)).items;
    expect(webhooks.map((w) => w.endpointToken).sort()).toEqual(['whe_1', 'whe_2']);
    // Every request for the same webhook, however many, makes one attempt.
    await Promise.all(deps.deliveryQueue.sent.map((request) => deliverWebhook(deps, request)));
    expect(deps.webhookSender.posts.map((p) => p.url).sort()).toEqual(webhooks.map((w) => w.url).sort());
    expect(await awaiting(deps, event.token)).toBe(false);
  });

  it('reports an event whose fan-out failed and leaves it awaiting, without stopping the others', async () => {
    const deps = setUp();
    await addEndpoint(deps, scope, 1);
    deps.world.recordEvent(scope, later, new Date(later.createdAt));
    deps.clock.advance(10 * 60_000);
    const send = deps.deliveryQueue.send;
    deps.deliveryQueue.send = async (requests) => {
      if (requests.some((r) => r.webhookToken.endsWith('1'))) throw new Error('the queue refused it');
      return send(requests);
    };
    const failures: string[] = [];
    const summary = await fanOutOverdueEvents(deps, deps.clock.now(), {
      ...grace,
      onFailure: ({ event: failed }) => failures.push(failed.token),
    });
    expect(summary).toEqual({ fannedOut: 1, failed: 1 });
    expect(failures).toHaveLength(1);
    expect(await awaiting(deps, failures[0]!)).toBe(true);
  });
});

describe('a delivery attempt', () => {
  it('POSTs the event as presented with the endpoint key, and completes the webhook on a 2xx', async () => {
    const deps = setUp();
    const [webhook] = await fannedOut(deps);
    const result = await deliver(deps, webhook!);
    expect(result).toMatchObject({ attempted: true, recorded: true, webhook: { status: 'completed' } });
    const post = deps.webhookSender.posts[0]!;
    expect(post.url).toBe(webhook!.url);
    expect(post.key).toBe(webhook!.endpointToken === 'whe_1' ? 'key1' : 'key2');
    expect(JSON.parse(post.body)).toMatchObject({ token: 'evt_1', type: 'customer.created' });
    expect(await getWebhook(deps, scope, webhook!.token)).toMatchObject({
      status: 'completed',
      acceptedAt: '2026-11-24T10:00:00Z',
      nextRun: null,
    });
    expect(retryJobOf(deps, webhook!)).toBeUndefined();
  });

  it('that fails records the error and schedules the retry at the next run', async () => {
    const deps = setUp(refusedBy(500));
    const [webhook] = await fannedOut(deps);
    await deliver(deps, webhook!);
    const retryAt = nextRetryAt(1, deps.clock.now())!;
    expect(await getWebhook(deps, scope, webhook!.token)).toMatchObject({
      status: 'retrying',
      retries: 1,
      nextRun: retryAt.toISOString().replace('.000Z', 'Z'),
      errors: {
        '2026-11-24 10:00:00 UTC': {
          error: 'unexpected_http_code',
          error_description: 'Unexpected http code 500',
        },
      },
    });
    expect(retryJobOf(deps, webhook!)?.dueAt).toEqual(retryAt);
  });

  it('is not made before the retry is due, nor twice for a duplicate request', async () => {
    const deps = setUp(refusedBy(500));
    const [webhook] = await fannedOut(deps);
    await deliver(deps, webhook!);
    expect(await deliver(deps, webhook!)).toEqual({ attempted: false, reason: 'not_due' });
    deps.clock.advance(retryDelaysSeconds[0]! * 1000);
    expect(await deliver(deps, webhook!)).toMatchObject({
      attempted: true,
      webhook: { status: 'completed' },
    });
    expect(await deliver(deps, webhook!)).toEqual({ attempted: false, reason: 'not_due' });
    expect(deps.webhookSender.posts).toHaveLength(2);
  });

  it('whose last retry fails marks the webhook failed, with no run and no job left', async () => {
    const failures = Array.from({ length: retryDelaysSeconds.length + 1 }, () => refusedBy(503));
    const deps = setUp(...failures);
    const [webhook] = await fannedOut(deps);
    await deliver(deps, webhook!);
    for (const delay of retryDelaysSeconds) {
      expect(retryJobOf(deps, webhook!)).toBeDefined();
      deps.clock.advance(delay * 1000);
      await deliver(deps, webhook!);
    }
    expect(await getWebhook(deps, scope, webhook!.token)).toMatchObject({
      status: 'failed',
      retries: 13,
      nextRun: null,
    });
    expect(retryJobOf(deps, webhook!)).toBeUndefined();
    deps.clock.advance(7 * 24 * 3600_000);
    expect(await deliver(deps, webhook!)).toEqual({ attempted: false, reason: 'not_due' });
  });

  it('is left to the attempt that took the webhook first', async () => {
    const deps = setUp();
    const [webhook] = await fannedOut(deps);
    // Another attempt leases the webhook between this one's read and its lease.
    const racing: WebhooksStore = overriding(deps.webhooks, {
      lease: async (s, loaded, now) => {
        await deps.webhooks.lease(s, loaded, now);
        return deps.webhooks.lease(s, loaded, now);
      },
    });
    expect(
      await deliverWebhook({ ...deps, webhooks: racing }, { scope, webhookToken: webhook!.token }),
    ).toEqual({
      attempted: false,
      reason: 'lease_taken',
    });
    expect(deps.webhookSender.posts).toEqual([]);
  });

  it('is not made for a webhook whose endpoint is being deleted', async () => {
    const deps = setUp();
    const [webhook] = await fannedOut(deps);
    // Its deletion has begun (the endpoint reads as gone) and has not reached its webhooks yet.
    const deleting = {
      ...deps,
      webhookEndpoints: overriding(deps.webhookEndpoints, { get: async () => null }),
    };
    expect(await deliver(deleting, webhook!)).toEqual({ attempted: false, reason: 'endpoint_gone' });
    expect(deps.webhookSender.posts).toEqual([]);
  });
});

describe('the retry job', () => {
  it('asks for the attempt and claims the job; a run that lost the claim gets JobTaken', async () => {
    const deps = setUp(refusedBy(500));
    const [webhook] = await fannedOut(deps);
    await deliver(deps, webhook!);
    const job = retryJobOf(deps, webhook!)!;
    deps.deliveryQueue.sent.length = 0;
    await retryWebhook(deps, job, deps.clock.now());
    expect(deps.deliveryQueue.sent).toEqual([{ scope, webhookToken: webhook!.token }]);
    expect(retryJobOf(deps, webhook!)).toBeUndefined();
    await expect(retryWebhook(deps, job, deps.clock.now())).rejects.toBeInstanceOf(JobTaken);
  });
});

describe('a replay', () => {
  it('makes the webhook pending again, asks for the attempt, and keeps a fallback job', async () => {
    const deps = setUp(refusedBy(500));
    const [webhook] = await fannedOut(deps);
    await deliver(deps, webhook!);
    deps.deliveryQueue.sent.length = 0;
    const replayed = await replayWebhook(deps, scope, webhook!.token);
    expect(replayed).toMatchObject({
      status: 'pending',
      retries: 0,
      errors: {},
      nextRun: null,
      acceptedAt: null,
    });
    expect(await getWebhook(deps, scope, webhook!.token)).toEqual(replayed);
    expect(deps.deliveryQueue.sent).toEqual([{ scope, webhookToken: webhook!.token }]);
    expect(retryJobOf(deps, webhook!)?.dueAt).toEqual(new Date(deps.clock.now().getTime() + 5 * 60_000));
    expect(await deliver(deps, webhook!)).toMatchObject({
      attempted: true,
      webhook: { status: 'completed' },
    });
  });

  it('is cannot_replay_webhook while an attempt holds the webhook', async () => {
    const deps = setUp();
    const [webhook] = await fannedOut(deps);
    await deps.webhooks.lease(scope, (await deps.webhooks.get(scope, webhook!.token))!, deps.clock.now());
    deps.deliveryQueue.sent.length = 0;
    await expect(replayWebhook(deps, scope, webhook!.token)).rejects.toMatchObject({
      code: 'cannot_replay_webhook',
    });
    expect(deps.deliveryQueue.sent).toEqual([]);
  });

  it('reads again and replays when the webhook changed in between', async () => {
    const deps = setUp();
    const [webhook] = await fannedOut(deps);
    let refusals = 1;
    const changing: WebhooksStore = overriding(deps.webhooks, {
      replay: async (...args) => {
        if (refusals-- > 0) throw new Changed('webhook', webhook!.token);
        return deps.webhooks.replay(...args);
      },
    });
    await replayWebhook({ ...deps, webhooks: changing }, scope, webhook!.token);
    expect(refusals).toBe(-1);
  });

  it("is resource_not_found for another merchant's webhook", async () => {
    const deps = setUp();
    const [webhook] = await fannedOut(deps);
    await expect(replayWebhook(deps, other, webhook!.token)).rejects.toMatchObject({
      code: 'resource_not_found',
    });
    await expect(getWebhook(deps, other, webhook!.token)).rejects.toMatchObject({
      code: 'resource_not_found',
    });
  });
});

describe('the attempts of a webhook', () => {
  it('records each one, replays included: time, status or error, duration and the signed request', async () => {
    const deps = setUp(refusedBy(500));
    const [webhook] = await fannedOut(deps);
    await deliver(deps, webhook!);
    await replayWebhook(deps, scope, webhook!.token);
    await deliver(deps, webhook!);
    const { attempts, errors } = await getWebhook(deps, scope, webhook!.token);
    const request = {
      url: webhook!.url,
      headers: { 'content-type': 'application/json', 'pin-signature': 't=0,v1=fake' },
    };
    expect(attempts).toEqual([
      {
        at: '2026-11-24T10:00:00Z',
        status: null,
        error: { error: 'unexpected_http_code', error_description: 'Unexpected http code 500' },
        ms: expect.any(Number),
        request,
      },
      { at: '2026-11-24T10:00:00Z', status: 200, error: null, ms: expect.any(Number), request },
    ]);
    // The replay emptied Pin's `errors`; the history of attempts stays.
    expect(errors).toEqual({});
  });

  it('keeps the latest ones only', async () => {
    const deps = setUp(...Array.from({ length: maxAttemptsKept + 2 }, () => refusedBy(503)));
    const [webhook] = await fannedOut(deps);
    for (let i = 0; i < maxAttemptsKept + 2; i++) {
      await deliver(deps, webhook!);
      await replayWebhook(deps, scope, webhook!.token);
    }
    const { attempts } = await getWebhook(deps, scope, webhook!.token);
    expect(attempts).toHaveLength(maxAttemptsKept);
  });
});
