import { randomUUID } from 'node:crypto';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  isEventInsert,
  pipeMessageBody,
  sqsQueueSource,
  startQueueConsumer,
  ttlRemovalRecord,
} from '@wattle/local';
import { jobKinds } from '@wattle/ports';
import { createStore, localCardCipher } from '@wattle/store';
import type { SQSBatchResponse } from 'aws-lambda';
import { newTransaction } from '../../packages/store/src/kernel/context.ts';
import { scheduleIn } from '../../packages/store/src/kernel/schedule.ts';
import { hangNet } from '../helpers/hang-net.ts';
import type { RehearsalContext } from './context.ts';
import { motoClientConfig, physicalIdOf } from './deployed.ts';
import { motoAccount, rehearsalRegion } from './moto.ts';

const queueArnOf = (url: string) => `arn:aws:sqs:${rehearsalRegion}:${motoAccount}:${url.split('/').pop()}`;

/** Every record of the table's stream so far, read with the Pipe's role (moto keeps one shard per table). */
export const streamRecords = async (
  context: RehearsalContext,
  streamArn: string,
): Promise<StreamRecord[]> => {
  const streams = new DynamoDBStreamsClient(
    motoClientConfig(context.moto.endpoint, context.stack.pipeCredentials),
  );
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
  const records: StreamRecord[] = [];
  for (const shard of StreamDescription?.Shards ?? []) {
    let iterator = (
      await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shard.ShardId,
          ShardIteratorType: 'TRIM_HORIZON',
        }),
      )
    ).ShardIterator;
    while (iterator) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      records.push(...(page.Records ?? []));
      iterator = page.Records?.length ? page.NextShardIterator : undefined;
    }
  }
  return records;
};

/**
 * The delivery function's SQS event source on one queue: batches received with the function's
 * own role (the role the mapping polls with), handed to its process, the messages it did not
 * name as failures deleted (packages/local's consumer). Runs until the queue is empty.
 */
const drainQueue = async (
  context: RehearsalContext,
  queueUrl: string,
  failures: string[],
): Promise<number> => {
  const delivery = context.processes['webhook-delivery'];
  const admin = new SQSClient(context.administrator.clientConfig);
  let batches = 0;
  let inFlight = 0;
  const consumer = startQueueConsumer({
    source: sqsQueueSource(
      new SQSClient(motoClientConfig(context.moto.endpoint, delivery.fn.credentials)),
      queueUrl,
    ),
    queueArn: queueArnOf(queueUrl),
    fn: 'webhook-delivery',
    handler: async () => async (event) => {
      batches++;
      inFlight++;
      const result = (await delivery.invoke(event).finally(() => inFlight--)) as SQSBatchResponse | null;
      for (const failure of result?.batchItemFailures ?? []) failures.push(failure.itemIdentifier);
      return result ?? undefined;
    },
    onError: (error) => failures.push(String(error)),
  });
  // Done once nothing is left to receive and no batch is in the function: a message a batch
  // failed stays invisible for the queue's visibility timeout, and is already counted as failed.
  const visible = async (): Promise<number> => {
    const { Attributes } = await admin.send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
    );
    return Number(Attributes?.ApproximateNumberOfMessages ?? 0);
  };
  const deadline = Date.now() + hangNet(60_000);
  while (((await visible()) > 0 || inFlight > 0) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
  await consumer.stop();
  return batches;
};

/** EventBridge's scheduled event, as the schedule rule invokes the scheduler. */
const scheduledEvent = () => ({
  version: '0',
  id: randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: motoAccount,
  time: new Date().toISOString(),
  region: rehearsalRegion,
  resources: [`arn:aws:events:${rehearsalRegion}:${motoAccount}:rule/rehearsal`],
  detail: {},
});

/**
 * The functions no route reaches, each run once with the event AWS would send it: the events
 * Pipe's part (stream to queue, played by the rehearsal with the Pipe's role), the delivery
 * function on both queues, the scheduler (after the dispute-opening job of the walk's disputed
 * charge is brought forward, as the local clock would), and the expiry consumer on a TTL deletion.
 */
export const exerciseBackgroundFunctions = async (
  context: RehearsalContext,
  walk: Record<string, string>,
): Promise<void> => {
  const { stack, report } = context;
  const tableName = stack.tableName;
  const ddb = new DynamoDBClient(context.administrator.clientConfig);
  const doc = DynamoDBDocumentClient.from(ddb);
  const streamArn = (await ddb.send(new DescribeTableCommand({ TableName: tableName }))).Table!
    .LatestStreamArn!;

  // The Pipe: event inserts read from the stream and sent to the events queue, with the Pipe's own role.
  const eventsQueueUrl = physicalIdOf(stack.resources, 'EventsQueue');
  const pipe = new SQSClient(motoClientConfig(context.moto.endpoint, stack.pipeCredentials));
  const inserts = (await streamRecords(context, streamArn)).filter(isEventInsert);
  for (const record of inserts)
    await pipe.send(
      new SendMessageCommand({ QueueUrl: eventsQueueUrl, MessageBody: pipeMessageBody(record, streamArn) }),
    );

  const failures: string[] = [];
  const eventBatches = await drainQueue(context, eventsQueueUrl, failures);
  const webhooksQueueUrl = stack.functions.webhooks.environment.WATTLE_WEBHOOKS_QUEUE_URL!;
  const webhookBatches = await drainQueue(context, webhooksQueueUrl, failures);
  report(
    inserts.length > 0 && eventBatches > 0 && webhookBatches > 0 && failures.length === 0,
    `webhook-delivery: ${inserts.length} events through the events queue in ${eventBatches} SQS batches, then ${webhookBatches} batches of the webhooks queue${failures.length ? `; ${failures.length} messages failed (the first: ${failures[0]})` : ''}`,
  );

  // The scheduler, with the disputed charges' opening jobs due now (moved as a change moves a job).
  const disputedCharges = (walk.disputedCharges ?? '').split(',').filter(Boolean);
  const store = createStore(doc, tableName, localCardCipher(Buffer.alloc(32)));
  const opening = (
    await store.schedule.due(jobKinds.disputeOpening, new Date(Date.now() + 30 * 86_400_000))
  ).filter((job) => job.scope.accountId === walk.accountId && disputedCharges.includes(job.token));
  let jobs = 0;
  for (const job of opening) {
    await scheduleIn(newTransaction(store.ctx), { ...job, dueAt: new Date(Date.now() - 1000) }).commit(doc);
    jobs++;
  }
  const run = (await context.processes.scheduler.invoke(scheduledEvent())) as {
    done: number;
    failed: number;
    doneByKind: Record<string, number>;
  };
  report(
    jobs === 2 && run.failed === 0 && (run.doneByKind['dispute-opening'] ?? 0) === 2,
    `scheduler: ran ${run.done} due jobs (${JSON.stringify(run.doneByKind)}), ${run.failed} failed; ${jobs} dispute-opening jobs brought forward`,
  );

  // The expiry consumer: the REMOVE record DynamoDB's TTL streams for an expired event.
  const event = inserts[0]?.dynamodb?.Keys;
  const item = event
    ? (await doc.send(new GetCommand({ TableName: tableName, Key: { pk: event.pk?.S, sk: event.sk?.S } })))
        .Item
    : undefined;
  const expired = item
    ? ((await context.processes['expired-items'].invoke({
        Records: [ttlRemovalRecord(item, streamArn)],
      })) as {
        batchItemFailures: unknown[];
      })
    : undefined;
  report(
    expired !== undefined && expired.batchItemFailures.length === 0,
    `expired-items: counted a TTL deletion of ${item?.pk ?? 'no event'}${expired ? '' : ' (no event to expire)'}`,
  );
};
