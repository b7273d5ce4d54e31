/**
 * The scheduler's share of `npm run bench` (scheduler-reads.ts runs this in a process of its own:
 * one local stack a process): a local stack on DynamoDB Local, in memory, with nothing due. It
 * advances the clock (`POST /_local/clock/advance`, which runs the scheduler's handler and
 * answers when it is done) and times each advance; and it runs the scheduler's own code (its due
 * jobs and the fan-out of overdue events, side by side as its handler does) over a client on the
 * stack's table whose calls are counted, as one minute's run reads in AWS.
 */

import { fanOutOverdueEvents } from '@wattle/flows';
import { startLocalStack } from '@wattle/local';
import { createStore, documentClient, localCardCipher } from '@wattle/store';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { localClientConfig } from '../../packages/local/src/aws.ts';
import { hookDynamoDb } from '../reliability/harness/dynamodb-hooks.ts';

export interface SchedulerRun {
  /** The Queries one run makes with nothing due: the due jobs and the overdue events' fan-out, started together. */
  runQueries: number;
  /** Every call of the run, by operation. */
  calls: Record<string, number>;
  /** Clock advances with nothing due, each timed to its answer (ms). */
  advanceMs: number[];
  /** The run's reads alone (both, together), in the bench's process, nothing due (ms). */
  runMs: number[];
}

const advances = Number(process.argv[2] ?? 30);
const stack = await startLocalStack({
  inMemory: true,
  store: 'dynamodb',
  port: 0,
  quiet: true,
  scheduleIntervalMs: 0,
});
try {
  const advanceMs: number[] = [];
  for (let i = 0; i < advances + 3; i++) {
    const started = performance.now();
    const response = await fetch(`${stack.info.clockUrl}/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 60 }),
    });
    if (!response.ok) throw new Error(`The clock advance answered ${response.status}`);
    await response.text();
    // The first few warm the functions up.
    if (i >= 3) advanceMs.push(performance.now() - started);
  }
  const doc = documentClient(localClientConfig(stack.ddbEndpoint, stack.ddbAccessKeyId));
  const hooks = hookDynamoDb(doc);
  const store = createStore(doc, stack.tableName, localCardCipher(Buffer.alloc(32)));
  const deps = { ...store, store, logger: { error: () => {} } } as never;
  const now = new Date(Date.now() + 3_600_000);
  const timed = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  // As the scheduler's handler runs them: side by side, so they share each due partition's Query.
  const run = () =>
    Promise.all([runDueJobs(deps, now, jobHandlers), fanOutOverdueEvents(deps, now, { graceMs: 60_000 })]);
  // The run's reads alone, in this process: the share of an advance that is DynamoDB Local's.
  const runMs: number[] = [];
  for (let i = 0; i < advances; i++) runMs.push(await timed(run));
  hooks.reset();
  await run();
  const runQueries = hooks.calls.filter((call) => call.command === 'Query').length;
  const calls: Record<string, number> = {};
  for (const call of hooks.calls) calls[call.command] = (calls[call.command] ?? 0) + 1;
  doc.destroy();
  const result: SchedulerRun = { runQueries, calls, advanceMs, runMs };
  process.send?.(result);
} finally {
  await stack.stop();
}
