import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  SetQueueAttributesCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { deadLetterQueueName, type QueueDefinition, queues } from '@wattle/routes';
import { createTableInput, ttlAttribute } from '@wattle/store';

export interface TableState {
  streamArn: string;
  created: boolean;
}

/**
 * Creates the table from the same definition as the CDK stack, or brings an existing one (from an
 * earlier run) up to it: missing indexes, the stream and TTL. Returns the table's stream ARN.
 */
export const ensureTable = async (ddb: DynamoDBClient, tableName: string): Promise<TableState> => {
  const wanted = createTableInput(tableName);
  let created = false;
  let table = await ddb
    .send(new DescribeTableCommand({ TableName: tableName }))
    .then((r) => r.Table)
    .catch((error: unknown) => {
      if (error instanceof ResourceNotFoundException) return undefined;
      throw error;
    });
  if (!table) {
    table = (await ddb.send(new CreateTableCommand(wanted))).TableDescription;
    created = true;
  } else {
    const existing = new Set((table.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    for (const index of wanted.GlobalSecondaryIndexes ?? []) {
      if (existing.has(index.IndexName)) continue;
      await ddb.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: wanted.AttributeDefinitions,
          GlobalSecondaryIndexUpdates: [{ Create: index }],
        }),
      );
    }
    if (!table.StreamSpecification?.StreamEnabled) {
      await ddb.send(
        new UpdateTableCommand({ TableName: tableName, StreamSpecification: wanted.StreamSpecification }),
      );
    }
    table = (await ddb.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  }
  const ttl = await ddb.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  const ttlDescription = ttl.TimeToLiveDescription;
  if (ttlDescription?.TimeToLiveStatus !== 'ENABLED' || ttlDescription.AttributeName !== ttlAttribute) {
    await ddb.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true },
      }),
    );
  }
  const streamArn = table?.LatestStreamArn;
  if (!streamArn) throw new Error(`The table ${tableName} has no stream`);
  return { streamArn, created };
};

const fourteenDays = String(14 * 24 * 60 * 60);

/** Creates the queue with `attributes`, or sets them on the queue an earlier run made. */
const ensureQueue = async (sqs: SQSClient, name: string, attributes: Record<string, string>) => {
  const existing = await sqs
    .send(new GetQueueUrlCommand({ QueueName: name }))
    .then((r) => r.QueueUrl)
    .catch((error: Error) => {
      if (/QueueDoesNotExist|NonExistentQueue/.test(error.name)) return undefined;
      throw error;
    });
  let queueUrl = existing;
  if (existing) {
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl: existing, Attributes: attributes }));
  } else {
    queueUrl = (await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }))).QueueUrl;
  }
  if (!queueUrl) throw new Error(`No URL for the queue ${name}`);
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }),
  );
  const queueArn = Attributes?.QueueArn;
  if (!queueArn) throw new Error(`No ARN for the queue ${name}`);
  return { queueUrl, queueArn };
};

/** Every queue of `queues` with its dead-letter queue and redrive policy, as the CDK stack makes them. */
export const ensureQueues = async (sqs: SQSClient): Promise<Record<keyof typeof queues, string>> => {
  const urls: Partial<Record<keyof typeof queues, string>> = {};
  for (const [key, queue] of Object.entries(queues) as [keyof typeof queues, QueueDefinition][]) {
    const dlq = await ensureQueue(sqs, deadLetterQueueName(queue), { MessageRetentionPeriod: fourteenDays });
    const main = await ensureQueue(sqs, queue.name, {
      VisibilityTimeout: String(queue.visibilityTimeoutSeconds),
      RedrivePolicy: JSON.stringify({
        deadLetterTargetArn: dlq.queueArn,
        maxReceiveCount: queue.maxReceiveCount,
      }),
    });
    urls[key] = main.queueUrl;
  }
  return urls as Record<keyof typeof queues, string>;
};
