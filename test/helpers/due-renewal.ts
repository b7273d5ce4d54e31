import type { Clock, Scope } from '@wattle/domain';
import { createPlan, subscribe } from '@wattle/flows';
import type { RuntimeDeps } from '@wattle/runtime';
import { createStore, documentClient, repositoriesOf } from '@wattle/store';
import type { DocumentClient } from '@wattle/store/dynamodb';
import { afterAll, inject } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { hookDynamoDb } from '../reliability/harness/dynamodb-hooks.ts';
import { dyingAtCapture, monthlyPlan, storedCustomer } from './billing.ts';
import { type TestTable, testDeps } from './table.ts';

/**
 * A second client on the test table whose calls are watched (and can be broken): the scheduler's
 * in a renewal test. Call at the top level of the test file.
 */
export const watchedClient = () => {
  const doc = documentClient({
    endpoint: inject('ddbEndpoint'),
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  afterAll(() => doc.destroy());
  return { doc, hooks: hookDynamoDb(doc) };
};

const minute = 60_000;
const day = 24 * 60 * minute;

/**
 * A merchant with one monthly subscriber whose first renewal is due, on a clock of its own:
 * `healthy` deps on the table's own client, `watched` on `doc` (watchedClient).
 */
export const dueRenewal = async (table: TestTable, doc: DocumentClient, name: string) => {
  const scope: Scope = { accountId: `acct_${name}`, environment: 'test' };
  let now = new Date('2027-01-31T10:00:00Z');
  const clock: Clock = { now: () => now };
  const healthy: RuntimeDeps = { ...testDeps(table), clock };
  const watchedStore = createStore(doc, table.tableName, table.store.ctx.cipher);
  const watched = (over: Partial<RuntimeDeps> = {}): RuntimeDeps => ({
    ...healthy,
    ...repositoriesOf(watchedStore),
    store: watchedStore,
    ...over,
  });
  const plan = (await createPlan(healthy, scope, monthlyPlan())).plan.token;
  const { customerToken } = await storedCustomer(table.store, scope, now);
  const subscription = await subscribe(healthy, scope, {
    planToken: plan,
    customerToken,
    cardToken: null,
    includeSetupFee: true,
    ipAddress: '127.0.0.1',
    notFound: 'resource_not_found',
  });
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
    return now;
  };
  // The start's bill settled at once, cancelling its recovery job: the due item that job left
  // (stale once its guard went) is deleted by the first run after its time, this one, so the
  // renewal's own run writes only the renewal's items.
  await runDueJobs(healthy, new Date(now.getTime() + 20 * minute), jobHandlers);
  const jobsOf = async (kind: string, at: Date) =>
    (await table.store.schedule.due(kind, at)).filter((job) => job.scope.accountId === scope.accountId);
  /** The scheduler's run once the renewal is due, its processor dying at capture: the bill stays under way. */
  const renewDyingAtCapture = () =>
    runDueJobs(watched({ processorOf: dyingAtCapture() }), advance(28 * day + minute), jobHandlers);
  return { scope, healthy, watched, customerToken, subscription, advance, jobsOf, renewDyingAtCapture };
};
