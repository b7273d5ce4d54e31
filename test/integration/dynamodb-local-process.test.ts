import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { localClientConfig, startDynamoDbLocal } from '@wattle/local';
import { describe, expect, inject, it } from 'vitest';

/** The command line of the JVM serving `port` (DynamoDB Local's), from /proc. */
const javaServing = (port: string): string[] => {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone since the listing
    }
    const at = args.indexOf('-port');
    if (args[0]?.endsWith('java') && at > 0 && args[at + 1] === port) return args;
  }
  throw new Error(`No java process serves port ${port}`);
};

describe('DynamoDB Local as the local stack starts it', () => {
  // The run's DynamoDB Local (ddb-global-setup.ts) is started by the same startDynamoDbLocal.
  const args = javaServing(new URL(inject('ddbEndpoint')).port);

  it('reports nothing to anyone: telemetry off', () => {
    expect(args).toContain('-disableTelemetry');
  });

  it('answers no web page: its CORS allow-list is an origin that never resolves', () => {
    expect(args[args.indexOf('-cors') + 1]).toBe('https://no-browser.invalid');
  });
});

describe("a data directory's DynamoDB Local database", () => {
  it('stays readable once the stack has an access key of its own: the shared database kept before becomes the key’s', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'wattle-ddb-keyed-')), 'dynamodb');
    const table = {
      TableName: 'wattle',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' as const }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' as const }],
      BillingMode: 'PAY_PER_REQUEST' as const,
    };
    const tablesOf = async (endpoint: string, accessKeyId: string) => {
      const client = new DynamoDBClient(localClientConfig(endpoint, accessKeyId));
      try {
        return (await client.send(new ListTablesCommand({}))).TableNames;
      } finally {
        client.destroy();
      }
    };
    try {
      // As an older stack kept it: one database shared by every key (-sharedDb).
      const before = await startDynamoDbLocal({ dbPath });
      const client = new DynamoDBClient(localClientConfig(before.endpoint));
      await client.send(new CreateTableCommand(table));
      client.destroy();
      await before.stop();

      const after = await startDynamoDbLocal({ dbPath, accessKeyId: 'wattle0123' });
      try {
        expect(await tablesOf(after.endpoint, 'wattle0123')).toEqual(['wattle']);
        expect(await tablesOf(after.endpoint, 'local')).toEqual([]);
      } finally {
        await after.stop();
      }
    } finally {
      rmSync(join(dbPath, '..'), { recursive: true, force: true });
    }
  }, 120_000);
});
