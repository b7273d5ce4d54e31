import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { jobKinds } from '@wattle/ports';
import {
  createStore,
  documentClient,
  latestVersion,
  localCardCipher,
  migrations,
  tableStatus,
} from '@wattle/store';
import { newTransaction } from '../../packages/store/src/kernel/context.ts';
import { cancelIn } from '../../packages/store/src/kernel/schedule.ts';
import { idOfJob, itemsBefore, jobsBefore } from '../fixtures/due-layout-before/jobs.ts';
import type { RehearsalContext } from './context.ts';
import { rehearsalRegion } from './moto.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The deployment's migration step in moto: the jobs the release before wrote are put in the
 * deployed table, `npm run wattle -- migrate run --table` (the step `npm run deploy` runs after
 * `cdk deploy`) migrates them as the operator, and the new code's store finds every one, cancels
 * one of each layout and claims the rest, each once.
 */
export const rehearseMigrations = async (context: RehearsalContext): Promise<void> => {
  const { report, stack, administrator } = context;
  const doc = documentClient(administrator.clientConfig);
  try {
    for (const item of itemsBefore)
      await doc.send(new PutCommand({ TableName: stack.tableName, Item: item }));
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'packages/cli/src/main.ts',
        'migrate',
        'run',
        '--json',
        '--table',
        stack.tableName,
        '--endpoint',
        context.moto.endpoint,
      ],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          AWS_REGION: rehearsalRegion,
          AWS_ACCESS_KEY_ID: administrator.credentials.accessKeyId,
          AWS_SECRET_ACCESS_KEY: administrator.credentials.secretAccessKey,
        },
      },
    );
    const ran = JSON.parse(stdout) as Awaited<ReturnType<typeof tableStatus>>;
    const moved = ran.migrations[0]?.counts.moved ?? 0;
    report(
      ran.version === latestVersion && moved === itemsBefore.length,
      `migrate run --table: version ${ran.version} of ${latestVersion}, ${moved} of the ${itemsBefore.length} jobs the release before wrote moved`,
    );
    const store = createStore(doc, stack.tableName, localCardCipher(Buffer.alloc(32)));
    const kinds = Object.values(jobKinds);
    const until = new Date('2031-01-01T00:00:00Z');
    const found = await store.schedule.due(kinds, until, 1000);
    const expected = jobsBefore;
    const foundIds = new Set(found.map(idOfJob));
    report(
      expected.every((job) => foundIds.has(idOfJob(job))),
      `the new code finds every migrated job (${expected.filter((job) => foundIds.has(idOfJob(job))).length} of ${expected.length})`,
    );
    const cancelled = [jobKinds.paymentRecovery, jobKinds.refundSettlement].map(
      (kind) => found.find((job) => job.kind === kind && job.scope.accountId.startsWith('acct_before'))!,
    );
    for (const job of cancelled)
      await cancelIn(newTransaction(store.ctx), job.kind, job.scope, job.token, job.dueAt).commit(doc);
    const left = (await store.schedule.due(kinds, until, 1000)).filter((job) =>
      job.scope.accountId.startsWith('acct_before'),
    );
    let claimed = 0;
    for (const job of left) {
      await store.schedule.drop(job);
      claimed++;
    }
    const after = (await store.schedule.due(kinds, until, 1000)).filter((job) =>
      job.scope.accountId.startsWith('acct_before'),
    );
    report(
      left.length === expected.length - cancelled.length && claimed === left.length && after.length === 0,
      `the new code cancels ${cancelled.length} (a timed kind's and a guarded kind's) and claims the other ${claimed}, once each: none left due`,
    );
    const status = await tableStatus(store.ctx, migrations);
    report(status.version === latestVersion, `the table records data version ${status.version}`);
  } finally {
    doc.destroy();
  }
};
