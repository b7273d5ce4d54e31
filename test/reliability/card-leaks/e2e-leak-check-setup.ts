import type { TestProject } from 'vitest/node';
import { oncePerRun, type RunResource, startEarly } from '../../helpers/once-per-run.ts';
import { type SharedStack, startSharedStack } from '../../helpers/stack-global-setup.ts';
import { stacksDynamoDbLocal } from '../../helpers/stacks-ddb-global-setup.ts';
import { captureLogs, type LogCapture } from './capture-logs.ts';
import { describeFinds } from './find-card-data.ts';
import { findCardDataInLogs, findCardDataInTable } from './scan-stack.ts';

interface CheckedStack {
  stack: SharedStack;
  capture: LogCapture;
  /** Its hold on the stacks' DynamoDB Local, where its table is (stacks-ddb-global-setup.ts). */
  releaseDynamoDb: () => Promise<void>;
}

/**
 * The shared stack (stack-global-setup.ts) with its functions logging at DEBUG into a capture, and,
 * at its stop, when every e2e file is done, the card-data check: every item of the table and every
 * captured log line is searched for card data in clear. A find fails the run, after the stack has
 * stopped (a failing teardown skips the ones after it).
 */
const checkedSharedStack: RunResource<CheckedStack> = {
  key: 'e2e-dynamodb-stack',
  start: async () => {
    process.env.WATTLE_LOG_LEVEL = 'DEBUG';
    // The capture reads the functions' JSON lines, not the local console's readable ones.
    process.env.WATTLE_LOG_FORMAT = 'json';
    // The stacks' DynamoDB Local of the run; a run started by another (the planted runs of
    // card-data-check.test.ts) is given that run's.
    const given = process.env.WATTLE_DYNAMODB_ENDPOINT;
    const ddb = given
      ? { value: { endpoint: given }, release: async () => {} }
      : await oncePerRun(stacksDynamoDbLocal);
    const capture = captureLogs();
    try {
      return { stack: await startSharedStack(ddb.value.endpoint), capture, releaseDynamoDb: ddb.release };
    } catch (error) {
      capture.stop();
      await ddb.release();
      throw error;
    }
  },
  stop: async ({ stack, capture, releaseDynamoDb }) => {
    let failure: unknown;
    try {
      // Nothing captured would mean the capture broke, and a scan of nothing proves nothing.
      if (!capture.lines.some((line) => line.includes('"message":"request"')))
        throw new Error('No request was logged by the shared stack: the card-data check read no logs');
      const finds = [
        ...(await findCardDataInTable(stack.provided, stack.provided.tableName)),
        ...findCardDataInLogs(capture.lines.join('\n'), 'the shared stack log'),
      ];
      if (finds.length > 0) failure = new Error(describeFinds(finds));
    } catch (error) {
      failure = error;
    } finally {
      capture.stop();
      await stack.stop();
      await releaseDynamoDb();
    }
    if (failure) throw failure;
  },
};

/** Started as the run starts, beside the other setups' stacks (prestart-reporter.ts). */
export const prestart = (): void => {
  if (!process.env.WATTLE_DYNAMODB_ENDPOINT) startEarly(stacksDynamoDbLocal);
  startEarly(checkedSharedStack);
};

/** The e2e-dynamodb project's global setup: the shared stack, checked for card data at its stop. */
export default async function setup(project: TestProject) {
  const { value, release } = await oncePerRun(checkedSharedStack);
  project.provide('stack', value.stack.provided);
  return release;
}
