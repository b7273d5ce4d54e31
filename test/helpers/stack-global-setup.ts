import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalStackInfo, startLocalStack } from '@wattle/local';
import { runInvocationsApart } from '@wattle/local/invocation-store';

/** What the e2e tests get from inject('stack'). */
export interface ProvidedStack extends LocalStackInfo {
  port: number;
  /** The engine it runs on; on `memory`, the endpoints, table and queue URL are ''. */
  store: 'dynamodb' | 'memory';
  ddbEndpoint: string;
  /** The access key of its own database in DynamoDB Local ('' on memory). */
  ddbAccessKeyId: string;
  sqsEndpoint: string;
  tableName: string;
  eventsQueueUrl: string;
  /** Where this stack wrote its local.json. */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: ProvidedStack;
  }
}

/** The shared stack of the e2e files on DynamoDB Local, running; what they get, and its stop. */
export interface SharedStack {
  provided: ProvidedStack;
  stop: () => Promise<void>;
}

/**
 * ONE in-memory local stack on a free port (on DynamoDB Local: the run's, at `dynamodbEndpoint`; the e2e-memory project's is
 * memory-stack-global-setup.ts), in this (the main) process, shared by every e2e file. Files that
 * move the clock share the clock stack instead (useClockStack); the few that restart a stack start
 * their own (startOwnStack).
 */
export const startSharedStack = async (dynamodbEndpoint?: string): Promise<SharedStack> => {
  process.env.WATTLE_LOG_LEVEL ||= 'SILENT';
  // Its functions' calls run apart as in `npm start` (invocation-store.ts); the forks, which run
  // functions in process as Lambda does, inherit the mode off (vitest.config.ts: env).
  runInvocationsApart();
  const dataDir = mkdtempSync(join(tmpdir(), 'wattle-e2e-'));
  const stack = await startLocalStack({ port: 0, dataDir, inMemory: true, quiet: true, dynamodbEndpoint });
  return {
    provided: {
      ...stack.info,
      port: stack.port,
      store: 'dynamodb',
      ddbEndpoint: stack.ddbEndpoint,
      ddbAccessKeyId: stack.ddbAccessKeyId,
      sqsEndpoint: stack.sqsEndpoint,
      tableName: stack.tableName,
      eventsQueueUrl: stack.queueUrls.events as string,
      dataDir,
    },
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
