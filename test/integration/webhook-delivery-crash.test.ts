import { marshall } from '@aws-sdk/util-dynamodb';
import { pipeMessageBody } from '@wattle/local';
import type { DeliveryQueue, DeliveryRequest } from '@wattle/ports';
import { queueArnVariable } from '@wattle/routes';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { webhookDeliveryDeps } from '../../functions/webhook-delivery/src/deps.ts';
import { handler } from '../../functions/webhook-delivery/src/handler.ts';
import { cardFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { useTable } from '../helpers/table.ts';
import { type InProcessApi, inProcessApi } from '../reliability/harness/in-process-api.ts';
import { type Item, scanAll } from '../reliability/harness/table-snapshot.ts';

const table = useTable();
let api: InProcessApi;
const requested: DeliveryRequest[] = [];

beforeAll(async () => {
  process.env.WATTLE_WEBHOOKS_QUEUE_URL = 'http://queue.invalid/webhooks';
  api = await inProcessApi(table, inject('ddbEndpoint'));
  // The fan-out's delivery requests are recorded, not sent: this test is about the records.
  webhookDeliveryDeps().deliveryQueue = {
    send: async (requests: readonly DeliveryRequest[]) => {
      requested.push(...requests);
    },
  } satisfies DeliveryQueue;
  for (const n of [1, 2]) {
    const res = await api.call('POST', '/1/webhook_endpoints', { url: `https://example.com/hooks/${n}` });
    expect(res.status, res.text).toBe(201);
  }
});

const merchantItems = async (): Promise<Item[]> =>
  (await scanAll(table.doc, table.tableName)).filter((item) =>
    String(item.pk).startsWith(`${api.accountId}#test#`),
  );

const streamArn = 'arn:aws:dynamodb:local:000000000000:table/t/stream/x';

/** An event item's token: the last part of its key (`<accountId>#<environment>#<evt_…>`). */
const eventTokenOf = (item: Item): string => String(item.pk).split('#')[2] as string;

/** The events queue, as the delivery function knows it (the stack gives it the ARN). */
const eventsQueueArn = 'arn:aws:sqs:ap-southeast-2:000000000000:wattle-events';
process.env[queueArnVariable('events')] = eventsQueueArn;

/** New events (customer.created), as the Pipe puts them on the events queue: one SQS batch. */
const newEventBatch = async (size: number): Promise<{ batch: SQSEvent; tokens: string[] }> => {
  const before = new Set((await merchantItems()).filter((i) => i._et === 'event').map(eventTokenOf));
  for (let i = 0; i < size; i++) {
    const res = await api.call('POST', '/1/customers', { email: `c${i}@example.com`, card: cardFields() });
    expect(res.status, res.text).toBe(201);
  }
  const events = (await merchantItems()).filter((i) => i._et === 'event' && !before.has(eventTokenOf(i)));
  expect(events).toHaveLength(size);
  const batch = {
    Records: events.map((item, i) => ({
      messageId: `m${i}`,
      eventSource: 'aws:sqs',
      eventSourceARN: eventsQueueArn,
      body: pipeMessageBody(
        { eventName: 'INSERT', dynamodb: { NewImage: marshall(item) as never } },
        streamArn,
      ),
    })),
  } as unknown as SQSEvent;
  return { batch, tokens: events.map(eventTokenOf) };
};

/** The webhook records of the merchant, by event: one per endpoint, never two. */
const webhooksByEvent = async (): Promise<Map<string, string[]>> => {
  const byEvent = new Map<string, string[]>();
  for (const item of await merchantItems()) {
    if (item._et !== 'webhook') continue;
    const webhook = item.webhook as { eventToken: string; endpointToken: string };
    byEvent.set(webhook.eventToken, [...(byEvent.get(webhook.eventToken) ?? []), webhook.endpointToken]);
  }
  return byEvent;
};

describe('the webhook delivery function dying mid-batch', () => {
  it('makes each webhook once when the whole batch comes again, wherever it died', {
    timeout: hangNet(120_000),
  }, async () => {
    // How many DynamoDB calls a clean batch of three events makes.
    const dry = await newEventBatch(3);
    api.hooks.reset();
    expect(await handler(dry.batch)).toEqual({ batchItemFailures: [] });
    const calls = api.hooks.calls.length;
    // Per event: a webhook per endpoint (two), then its fan-out marker deleted from its due
    // partition (the old layout's place only when the marker was not there: decision 212).
    expect(api.hooks.committedWrites.length).toBe(9);

    for (let dieAt = 0; dieAt <= calls; dieAt++) {
      const { batch, tokens } = await newEventBatch(3);
      api.hooks.reset();
      // From this call on the function is gone: nothing it tries reaches the table.
      api.hooks.fault = (_, index) => (index >= dieAt ? new Error('the function died') : undefined);
      await handler(batch);
      api.hooks.fault = undefined;
      // A function that died reports nothing: SQS delivers the whole batch again.
      requested.length = 0;
      expect(await handler(batch)).toEqual({ batchItemFailures: [] });

      const byEvent = await webhooksByEvent();
      for (const token of tokens) expect(byEvent.get(token)?.sort(), `died at call ${dieAt}`).toHaveLength(2);
      for (const endpoints of byEvent.values()) expect(new Set(endpoints).size).toBe(endpoints.length);
      // Every webhook still waiting is asked for again, so none is left without an attempt.
      const waiting = (await merchantItems()).filter(
        (i) => i._et === 'webhook' && tokens.includes((i.webhook as { eventToken: string }).eventToken),
      );
      expect(new Set(requested.map((r) => r.webhookToken))).toEqual(
        new Set(waiting.map((i) => (i.webhook as { token: string }).token)),
      );
    }
    const listed = await api.call('GET', '/1/webhooks');
    const total = [...(await webhooksByEvent()).values()].flat().length;
    expect(listed.body.pagination.count).toBe(total);
  });
});

describe("the webhook delivery function's queues", () => {
  it("tells a record's queue by its eventSourceARN, not by its body, and fails what no queue of its sent", async () => {
    process.env[queueArnVariable('webhooks')] = 'arn:aws:sqs:ap-southeast-2:000000000000:wattle-webhooks';
    const { batch } = await newEventBatch(1);
    const [eventRecord] = batch.Records;
    const records = [
      // An event's stream record on the webhooks queue is no delivery request: it fails.
      {
        ...eventRecord!,
        messageId: 'on-webhooks',
        eventSourceARN: process.env[queueArnVariable('webhooks')]!,
      },
      // A queue the function does not consume: it fails, whatever the body.
      {
        ...eventRecord!,
        messageId: 'elsewhere',
        eventSourceARN: 'arn:aws:sqs:ap-southeast-2:000000000000:other',
      },
      // The same body from the events queue is the event's fan-out.
      { ...eventRecord!, messageId: 'on-events' },
    ];
    const answer = await handler({ Records: records });
    expect(answer.batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual([
      'elsewhere',
      'on-webhooks',
    ]);
  });
});
