import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type DeliveryRequest, jobKinds } from '@wattle/ports';
import type { Context } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { schedulerDeps } from '../../functions/scheduler/src/deps.ts';
import { deadlineMarginMs, handler } from '../../functions/scheduler/src/handler.ts';
import { newTransaction } from '../../packages/store/src/kernel/context.ts';
import { jobShards, scheduleIn } from '../../packages/store/src/kernel/schedule.ts';
import { observeCalls } from '../helpers/dynamodb-calls.ts';
import { cardFields } from '../helpers/fixtures.ts';
import { useTable } from '../helpers/table.ts';
import { type InProcessApi, inProcessApi } from '../reliability/harness/in-process-api.ts';

const table = useTable();
let api: InProcessApi;
const requested: DeliveryRequest[] = [];

beforeAll(async () => {
  // No grace: every event is overdue at once (the functions read it when they first build their deps).
  process.env.WATTLE_FAN_OUT_GRACE_SECONDS = '0';
  process.env.WATTLE_WEBHOOKS_QUEUE_URL = 'http://queue.invalid/webhooks';
  api = await inProcessApi(table, inject('ddbEndpoint'));
  // The scheduler function's own composition: the queue it asks for deliveries through.
  schedulerDeps().deliveryQueue = {
    send: async (requests) => {
      requested.push(...requests);
    },
  };
});

describe('the scheduler function', () => {
  it('fans out the events no stream brought (here there is no stream), once', async () => {
    const endpoint = await api.call('POST', '/1/webhook_endpoints', { url: 'https://example.com/hooks' });
    expect(endpoint.status, endpoint.text).toBe(201);
    const customer = await api.call('POST', '/1/customers', { email: 'a@example.com', card: cardFields() });
    expect(customer.status, customer.text).toBe(201);
    const [event] = (await api.call('GET', '/1/events')).body.response;
    expect(event.type).toBe('customer.created');

    const first = await handler(undefined);
    expect(first.overdueEvents.failed).toBe(0);
    expect(first.overdueEvents.fannedOut).toBeGreaterThanOrEqual(1);
    const webhooks = (await api.call('GET', '/1/webhooks')).body.response;
    expect(webhooks.map((w: { event_token: string }) => w.event_token)).toEqual([event.token]);
    expect(requested.map((r) => r.webhookToken)).toEqual([webhooks[0].token]);

    // Done: the next run finds nothing.
    expect((await handler(undefined)).overdueEvents).toEqual({ fannedOut: 0, failed: 0 });
    expect((await api.call('GET', '/1/webhooks')).body.response).toHaveLength(1);
  });

  it("takes no batch of jobs once the Lambda's time left is within its margin, and leaves them due", async () => {
    const job = {
      kind: jobKinds.paymentRecovery,
      scope: { accountId: 'acct_deadline', environment: 'test' as const },
      token: 'ch_deadlinetest',
      dueAt: new Date('2000-01-01T00:00:00Z'),
    };
    await scheduleIn(newTransaction(table.store.ctx), job).commit(table.doc);
    const nearDeadline = { getRemainingTimeInMillis: () => deadlineMarginMs - 1 } as Context;
    expect(await handler(undefined, nearDeadline)).toMatchObject({ done: 0, claimedElsewhere: 0, failed: 0 });
    expect((await table.store.schedule.due(job.kind, new Date())).map((j) => j.token)).toContain(job.token);

    const plentyLeft = { getRemainingTimeInMillis: () => 25_000 } as Context;
    const ran = await handler(undefined, plentyLeft);
    expect(ran.done + ran.claimedElsewhere + ran.failed).toBeGreaterThanOrEqual(1);
  });

  it("reads the table once a run when nothing is due: one Query per due partition, the fan-out's markers among them", async () => {
    // Whatever the tests before left is done first.
    await handler(undefined);
    const operations: string[] = [];
    const stop = observeCalls(DynamoDBDocumentClient.prototype, async (call, send) => {
      operations.push(call.operation);
      return send(call.input);
    });
    try {
      const run = await handler(undefined);
      expect(run).toMatchObject({ done: 0, failed: 0, overdueEvents: { fannedOut: 0, failed: 0 } });
    } finally {
      stop();
    }
    expect(operations).toEqual(Array(jobShards).fill('Query'));
  });
});
