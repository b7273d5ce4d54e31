import { randomBytes } from 'node:crypto';
import { GetQueueUrlCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { pipeMessageBody } from '@wattle/local';
import { deliveryMessageBody } from '@wattle/webhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { type Receiver, settle, startReceiver } from '../helpers/receiver.ts';
import { stackTable, useStack } from '../helpers/stack.ts';
import {
  createCustomer,
  eventTokenOf,
  merchantWithEndpoint,
  webhookWhen,
} from '../helpers/webhook-endpoints.ts';

const stack = useStack();
const local = { region: 'ap-southeast-2', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };

const receivers: Receiver[] = [];

const receiver = async (answer?: Receiver['answer']): Promise<Receiver> => {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
};

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

describe('delivery from the table stream and the queues (the DynamoDB engine)', () => {
  // The messages are the table stream's and the emulated SQS queues': the DynamoDB engine's.
  it('makes no second webhook and sends nothing again when a message comes twice', async () => {
    const target = await receiver();
    const { client: c, merchant: m } = await merchantWithEndpoint(target.url());
    await createCustomer(c);
    const [request] = await target.waitFor(1);
    const eventToken = eventTokenOf(request!.body);
    const webhook = await webhookWhen(c, eventToken, (w) => w.status === 'completed');

    // The stream record of the event as the Pipe delivers it, and the delivery request, again.
    const doc = stackTable(stack);
    const sqs = new SQSClient({ ...local, endpoint: stack.sqsEndpoint, useQueueUrlAsEndpoint: false });
    try {
      const key = { pk: `${m.accountId}#test#${eventToken}`, sk: 'EVENT' };
      const item = (await doc.send(new GetCommand({ TableName: stack.tableName, Key: key }))).Item!;
      const record = {
        eventID: '1',
        eventName: 'INSERT' as const,
        eventSource: 'aws:dynamodb',
        dynamodb: {
          Keys: marshall(key),
          NewImage: marshall(item),
          SequenceNumber: '1',
          StreamViewType: 'NEW_AND_OLD_IMAGES' as const,
        },
      };
      const streamArn = `arn:aws:dynamodb:ap-southeast-2:000000000000:table/${stack.tableName}/stream/x`;
      const webhooksQueue = await sqs.send(new GetQueueUrlCommand({ QueueName: 'wattle-webhooks' }));
      for (let i = 0; i < 2; i++) {
        await sqs.send(
          new SendMessageCommand({
            QueueUrl: stack.eventsQueueUrl,
            MessageBody: pipeMessageBody(record as never, streamArn),
          }),
        );
        await sqs.send(
          new SendMessageCommand({
            QueueUrl: webhooksQueue.QueueUrl,
            MessageBody: deliveryMessageBody({
              scope: { accountId: m.accountId, environment: 'test' },
              webhookToken: webhook.token as string,
            }),
          }),
        );
      }
      // A later event's delivery shows the queues got past the repeated messages.
      await createCustomer(c);
      await target.waitFor(2);
      await settle();
    } finally {
      doc.destroy();
      sqs.destroy();
    }
    expect(target.requests.filter((r) => eventTokenOf(r.body) === eventToken)).toHaveLength(1);
    const list = await c.get('/1/webhooks');
    expect(list.body.response.filter((w: { event_token: string }) => w.event_token === eventToken)).toEqual([
      webhook,
    ]);
    expect(list.body.pagination.count).toBe(2);
  });

  // The table's stream and its items: the DynamoDB engine's.
  it('carries only new event items from the table stream: not other items, not changes', async () => {
    const target = await receiver();
    const { merchant: m } = await merchantWithEndpoint(target.url());
    const doc = stackTable(stack);
    const scope = `${m.accountId}#test`;
    const eventToken = `evt_${randomBytes(16).toString('base64url')}`;
    try {
      await doc.send(
        new PutCommand({
          TableName: stack.tableName,
          Item: { pk: `${scope}#cus_x`, sk: 'CUSTOMER', _et: 'customer' },
        }),
      );
      await doc.send(
        new PutCommand({
          TableName: stack.tableName,
          Item: {
            pk: `${scope}#${eventToken}`,
            sk: 'EVENT',
            _et: 'event',
            token: eventToken,
            type: 'customer.updated',
            data: '{"token":"cus_x"}',
            createdAt: '2026-11-21T05:00:00Z',
            accountId: m.accountId,
            environment: 'test',
          },
        }),
      );
      await doc.send(
        new UpdateCommand({
          TableName: stack.tableName,
          Key: { pk: `${scope}#${eventToken}`, sk: 'EVENT' },
          UpdateExpression: 'SET touched = :t',
          ExpressionAttributeValues: { ':t': true },
        }),
      );
      const [request] = await target.waitFor(1);
      expect(JSON.parse(request!.body)).toEqual({
        token: eventToken,
        type: 'customer.updated',
        data: { token: 'cus_x' },
        created_at: '2026-11-21T05:00:00Z',
      });
      await settle();
      expect(target.requests).toHaveLength(1);
    } finally {
      doc.destroy();
    }
  });
});
