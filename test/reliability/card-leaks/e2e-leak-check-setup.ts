import type { TestProject } from 'vitest/node';
import startSharedStack from '../../helpers/stack-global-setup.ts';
import { captureLogs } from './capture-logs.ts';
import { describeFinds } from './find-card-data.ts';
import { findCardDataInLogs, findCardDataInTable } from './scan-stack.ts';

/**
 * The e2e project's global setup: the shared stack (stack-global-setup.ts) with its functions
 * logging at DEBUG into a capture, and, when every e2e file is done, the card-data check: every
 * item of the table and every captured log line is searched for card data in clear. A find fails
 * the run, after the stack has stopped (a failing teardown skips the ones after it).
 */
export default async function setup(project: TestProject) {
  process.env.WATTLE_LOG_LEVEL = 'DEBUG';
  // The capture reads the functions' JSON lines, not the local console's readable ones.
  process.env.WATTLE_LOG_FORMAT = 'json';
  const capture = captureLogs();
  const stopStack = await startSharedStack(project);
  return async () => {
    let failure: unknown;
    try {
      const stack = project.getProvidedContext().stack;
      // Nothing captured would mean the capture broke, and a scan of nothing proves nothing.
      if (!capture.lines.some((line) => line.includes('"message":"request"')))
        throw new Error('No request was logged by the shared stack: the card-data check read no logs');
      const finds = [
        ...(await findCardDataInTable(stack.ddbEndpoint, stack.tableName)),
        ...findCardDataInLogs(capture.lines.join('\n'), 'the shared stack log'),
      ];
      if (finds.length > 0) failure = new Error(describeFinds(finds));
    } catch (error) {
      failure = error;
    } finally {
      capture.stop();
      await stopStack();
    }
    if (failure) throw failure;
  };
}
