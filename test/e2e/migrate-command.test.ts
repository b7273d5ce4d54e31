import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { latestVersion } from '@wattle/store';
import { afterAll, describe, expect, it } from 'vitest';
import { jobShards } from '../../packages/store/src/kernel/schedule.ts';
import { itemsBefore } from '../fixtures/due-layout-before/jobs.ts';
import { runWattle } from '../helpers/cli.ts';
import { type OwnStack, stackTable, startOwnStack } from '../helpers/stack.ts';

// The table's data migrations on a stack kept on disk: migrated on start, read and run by hand with
// `npm run wattle -- migrate`. On the DynamoDB engine only: the memory engine keeps no data.

const tableName = 'wattle';
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

describe('npm run wattle -- migrate, and the local stack’s start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wattle-migrate-'));
  let own: OwnStack | undefined;
  // The local stack of this data directory, not a table the test run's environment may name.
  const env = { WATTLE_DATA_DIR: dataDir, WATTLE_TABLE_NAME: '' };

  afterAll(async () => {
    await own?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates data an earlier release left in the data directory when the stack starts', async () => {
    own = await startOwnStack({ dataDir, inMemory: false });
    const status = JSON.parse((await runWattle(['migrate', 'status', '--json'], env)).stdout);
    expect(status.version).toBe(latestVersion);
    expect(status.migrations.map((m: { id: string; state: string }) => [m.id, m.state])).toEqual([
      ['due-partitions', 'done'],
      ['card-owners', 'done'],
      ['endpoint-live-shards', 'done'],
      ['fan-out-markers', 'done'],
      ['recovery-due-items', 'done'],
    ]);

    // As the release before left its table: the jobs in its layout, and no version recorded.
    const doc = stackTable(own);
    for (const item of itemsBefore) await doc.send(new PutCommand({ TableName: tableName, Item: item }));
    for (const sk of [
      'VERSION',
      'MIGRATION#0001',
      'MIGRATION#0002',
      'MIGRATION#0003',
      'MIGRATION#0004',
      'MIGRATION#0005',
    ])
      await doc.send(new DeleteCommand({ TableName: tableName, Key: { pk: 'TABLE', sk } }));
    doc.destroy();
    expect(JSON.parse((await runWattle(['migrate', 'status', '--json'], env)).stdout)).toMatchObject({
      version: 0,
      migrations: Array.from({ length: latestVersion }, () => ({ state: 'pending' })),
    });
    await own.stop();

    own = await startOwnStack({ dataDir, inMemory: false });
    expect(own.output()).toContain(`start: table at data version ${latestVersion}`);
    const migrated = JSON.parse((await runWattle(['migrate', 'status', '--json'], env)).stdout);
    expect(migrated).toMatchObject({ version: latestVersion });
    expect(migrated.migrations[0]).toMatchObject({ state: 'done', counts: { moved: itemsBefore.length } });
    const again = stackTable(own);
    let due = 0;
    for (let shard = 0; shard < jobShards; shard++) {
      const page = await again.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND sk < :upper',
          ExpressionAttributeValues: { ':pk': `DUE#${shard}`, ':upper': '2031' },
        }),
      );
      due += page.Items?.filter((item) => String(item.accountId).startsWith('acct_before')).length ?? 0;
    }
    again.destroy();
    expect(due).toBe(itemsBefore.length);
  });

  it('runs by hand on a table named with --table and --endpoint: the progress says done, nothing to do', async () => {
    // In a process of its own, as an operator runs it: the AWS SDK reads its credentials from there.
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        join(repoRoot, 'packages/cli/src/main.ts'),
        'migrate',
        'run',
        '--json',
        '--table',
        tableName,
        '--endpoint',
        own!.ddbEndpoint,
      ],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          AWS_REGION: 'ap-southeast-2',
          AWS_ACCESS_KEY_ID: own!.ddbAccessKeyId,
          AWS_SECRET_ACCESS_KEY: 'local',
        },
      },
    );
    const ran = JSON.parse(stdout);
    expect(ran).toMatchObject({ version: latestVersion });
    expect(ran.migrations[0].counts).toMatchObject({ moved: itemsBefore.length });
    expect((await runWattle(['migrate', 'sideways'], env)).stderr).toContain(
      'migrate has: migrate status, migrate run, migrate rollback',
    );
  });
});
