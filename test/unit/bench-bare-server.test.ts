import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BareServer, startBareServer } from '../bench/bare-client.ts';
import { benchApi } from '../bench/bench-api.ts';
import type { Recording } from '../bench/ddb-recorder.ts';

/** A DynamoDB stand-in that keeps each call's target and body, and finds an item for every GetItem. */
let dynamo: Server;
const received: { target: string; body: Record<string, unknown> }[] = [];
let bare: BareServer;

beforeAll(async () => {
  dynamo = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const target = String(request.headers['x-amz-target']).split('.')[1] as string;
      received.push({ target, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(JSON.stringify(target === 'GetItem' ? { Item: { pk: { S: 'found' } } } : {}));
    });
  });
  await new Promise<void>((resolve) => dynamo.listen(0, '127.0.0.1', resolve));
  bare = await startBareServer(`http://127.0.0.1:${(dynamo.address() as { port: number }).port}`, 'local');
}, 30_000);

afterAll(async () => {
  await bare?.stop();
  dynamo?.close();
});

const call = (command: string, input: Record<string, unknown>) => ({
  command,
  input,
  startMs: 0,
  endMs: 1,
  consumed: [],
});

describe('the bare server (the least an HTTP service making the same calls costs)', () => {
  it("answers a read with the recorded call's output, having sent that call again", async () => {
    const recording: Recording = {
      calls: [call('GetItem', { TableName: 't', Key: { pk: { S: 'PAYMENT#ch_one' }, sk: { S: 'A' } } })],
      minted: [],
    };
    await bare.serve(recording, false);
    received.length = 0;
    const res = await benchApi(bare.url, 'sk').get('/1/charges/ch_one');
    expect(res.status).toBe(200);
    expect(res.body.response.dynamodb.Item).toEqual({ pk: { S: 'found' } });
    expect(received.map((r) => [r.target, (r.body.Key as { pk: { S: string } }).pk.S])).toEqual([
      ['GetItem', 'PAYMENT#ch_one'],
    ]);
  });

  it("answers a creation 201 with a fresh token, sending the recording's calls with fresh tokens in order", async () => {
    const recording: Recording = {
      calls: [
        call('TransactWriteItems', {
          TransactItems: [{ Put: { TableName: 't', Item: { pk: { S: 'PAYMENT#ch_made' } } } }],
          ClientRequestToken: 'recorded',
        }),
        call('TransactWriteItems', {
          TransactItems: [{ Put: { TableName: 't', Item: { pk: { S: 'EVENT#ch_made' } } } }],
          ClientRequestToken: 'recorded',
        }),
      ],
      minted: ['ch_made'],
    };
    await bare.serve(recording, true);
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      received.length = 0;
      const res = await benchApi(bare.url, 'sk').post('/1/charges', { amount: 100 }, { form: true });
      expect(res.status).toBe(201);
      const token = res.body.response.token as string;
      tokens.push(token);
      const written = received.map((r) => {
        const items = r.body.TransactItems as { Put: { Item: { pk: { S: string } } } }[];
        return items[0]?.Put.Item.pk.S;
      });
      expect(written).toEqual([`PAYMENT#${token}`, `EVENT#${token}`]);
      expect(received.every((r) => r.body.ClientRequestToken !== 'recorded')).toBe(true);
    }
    expect(tokens[0]).toMatch(/^ch_/);
    expect(tokens[0]).not.toBe('ch_made');
    expect(tokens[1]).not.toBe(tokens[0]);
  });
});
