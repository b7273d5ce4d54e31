import { GetQueueUrlCommand, SetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { settle, startReceiver } from '../helpers/receiver.ts';
import { api, newMerchant, useClockStack } from '../helpers/stack.ts';
import { createCustomer, eventTokenOf, webhookWhen } from '../helpers/webhook-endpoints.ts';

// Breaks the events queue of the SQS emulator, which the table stream's pipe sends to: on the
// DynamoDB engine only (the memory engine's events go to a queue in its process, which takes any
// size). It runs on the clock stack (useClockStack), as it changes the queue's settings for a while.
const stack = useClockStack();

describe('the outbox', () => {
  it('loses no event while the events queue refuses it: the event arrives once the queue takes it', async () => {
    const target = await startReceiver();
    onTestFinished(() => target.close());
    const merchant = await newMerchant(stack);
    const client = api(merchant.test.baseUrl, merchant.test.secretKey);
    expect((await client.post('/1/webhook_endpoints', { url: target.url('/outbox') })).status).toBe(201);
    const sqs = new SQSClient({
      endpoint: stack.sqsEndpoint,
      region: 'ap-southeast-2',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      useQueueUrlAsEndpoint: false,
    });
    try {
      const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: 'wattle-events' }));
      // The queue now refuses anything over 1 KiB, as every stream record of a customer event is.
      await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: { MaximumMessageSize: '1024' } }));
      try {
        const customer = await createCustomer(client, { notes: 'x'.repeat(1500) });
        await settle(1000);
        expect(target.requests.filter((r) => r.path === '/outbox')).toHaveLength(0);
        // The change and its event are committed all the same.
        const [event] = (await client.get('/1/events')).body.response;
        expect(event).toMatchObject({ type: 'customer.created', data: { token: customer.token } });
      } finally {
        await sqs.send(
          new SetQueueAttributesCommand({ QueueUrl, Attributes: { MaximumMessageSize: '262144' } }),
        );
      }
      const [request] = await target.waitFor(1, (r) => r.path === '/outbox');
      expect(JSON.parse(request!.body)).toMatchObject({ type: 'customer.created' });
      await webhookWhen(client, eventTokenOf(request!.body), (w) => w.status === 'completed');
    } finally {
      sqs.destroy();
    }
  });
});
