import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { freePort, localClientConfig } from '@wattle/local';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cardFields } from '../helpers/fixtures.ts';
import { descendantsOf } from '../helpers/process-tree.ts';
import { type Receiver, startReceiver } from '../helpers/receiver.ts';
import { api, type OwnStack, startOwnStack } from '../helpers/stack.ts';

/** The tables the database of `accessKeyId` holds at `endpoint`. */
const tablesOf = async (endpoint: string, accessKeyId: string): Promise<string[]> => {
  const client = new DynamoDBClient(localClientConfig(endpoint, accessKeyId));
  try {
    return (await client.send(new ListTablesCommand({}))).TableNames ?? [];
  } finally {
    client.destroy();
  }
};

/**
 * `npm start` with WATTLE_DYNAMODB_ENDPOINT: the DynamoDB engine on a DynamoDB Local already
 * running (here the run's stacks' one, stacks-ddb-global-setup.ts) instead of a JVM of its own, its table in the
 * database of its own access key there, gone once the stack that keeps nothing stops.
 */
describe('the local stack on a DynamoDB Local already running (WATTLE_DYNAMODB_ENDPOINT)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wattle-given-ddb-'));
  const endpoint = inject('stacksDdbEndpoint');
  let stack: OwnStack;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startOwnStack({ dataDir, dynamodbEndpoint: endpoint, quiet: false, logLevel: null });
  });
  afterAll(async () => {
    await receiver?.close();
    // Stopped by the test below; again here only if it did not get so far (a second stop is a no-op).
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts no Java of its own and keeps its table there, under its own access key', async () => {
    expect(descendantsOf(stack.process.pid!).filter((p) => p.command === 'java')).toEqual([]);
    expect(stack.ddbEndpoint).toBe(endpoint);
    expect(stack.output()).toMatch(
      /^start: DynamoDB Local at \S+ \(already running: WATTLE_DYNAMODB_ENDPOINT/m,
    );
    expect(await tablesOf(endpoint, stack.ddbAccessKeyId)).toEqual(['wattle']);
    // Another key's database has no table of the stack's.
    expect(await tablesOf(endpoint, 'local')).not.toContain('wattle');
  });

  it('runs as on a DynamoDB Local of its own: a customer made, its webhook sent from the table stream', async () => {
    const client = api(stack.test.baseUrl, stack.test.secretKey);
    expect((await client.post('/1/webhook_endpoints', { url: receiver.url('/given') })).status).toBe(201);
    const made = await client.post('/1/customers', { email: 'roland@example.com', card: cardFields() });
    expect(made.status).toBe(201);
    const [hook] = await receiver.waitFor(1, (r) => JSON.parse(r.body).type === 'customer.created');
    expect(JSON.parse(hook!.body).data.token).toBe(made.body.response.token);
  });

  it('keeping nothing, deletes its table as it stops; the DynamoDB Local runs on', async () => {
    const accessKeyId = stack.ddbAccessKeyId;
    expect(await tablesOf(endpoint, accessKeyId)).toEqual(['wattle']);
    expect(await stack.stop()).toBe(0);
    expect(await tablesOf(endpoint, accessKeyId)).toEqual([]);
  });

  it('stops, naming the endpoint, when no DynamoDB answers there', async () => {
    const other = mkdtempSync(join(tmpdir(), 'wattle-given-ddb-'));
    const nothing = `http://127.0.0.1:${await freePort()}`;
    try {
      await expect(startOwnStack({ dataDir: other, dynamodbEndpoint: nothing })).rejects.toThrow(
        `No DynamoDB answered at ${nothing}`,
      );
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses a WATTLE_DYNAMODB_ENDPOINT that is no URL, naming it', async () => {
    const other = mkdtempSync(join(tmpdir(), 'wattle-given-ddb-'));
    try {
      await expect(
        startOwnStack({
          dataDir: other,
          dynamodbEndpoint: null,
          env: { WATTLE_DYNAMODB_ENDPOINT: 'localhost 8000' },
        }),
      ).rejects.toThrow('WATTLE_DYNAMODB_ENDPOINT must be the URL of a running DynamoDB Local');
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
