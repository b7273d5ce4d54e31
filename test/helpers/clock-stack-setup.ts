import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalStackInfo } from '@wattle/local';
import type { TestProject } from 'vitest/node';
import { oncePerRun, type RunResource, startEarly } from './once-per-run.ts';
import { type OwnStack, startOwnStack } from './stack.ts';
import { stacksDynamoDbLocal } from './stacks-ddb-global-setup.ts';
import { testStore } from './test-store.ts';

/** What the files that move the clock get from inject('clockStack'). */
export interface ProvidedClockStack extends LocalStackInfo {
  port: number;
  ddbEndpoint: string;
  ddbAccessKeyId: string;
  sqsEndpoint: string;
  /** Its WATTLE_DATA_DIR (local.json), for the CLI. */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One stack per file the project runs at a time (its maxWorkers): a file leases one. */
    clockStacks: ProvidedClockStack[];
  }
}

/**
 * The global setup of the projects whose files move the clock (`clock`, `browser`): a local stack
 * for each file they run at a time (their maxWorkers: two), the real `npm start` in a child
 * process (its clock is not the shared stack's), in memory, logging at DEBUG, started once per run
 * for both projects (oncePerRun). A file leases one for its whole run and begins with a reset of it
 * (useClockStack): no account, item, message or file of the file before, and real time, as a stack
 * of its own would begin, for two JVMs instead of one per file. When every file of both projects
 * is done, stopping it searches its table and its whole output for card data in clear (a find
 * fails the run), and it must exit cleanly.
 */
export default async function setup(project: TestProject) {
  const {
    value: { stacks },
    release,
  } = await oncePerRun(clockStacks(project));
  project.provide(
    'clockStacks',
    stacks.map(({ process: _child, output: _output, stop: _stop, ...info }) => info),
  );
  return release;
}

/** Started as the run starts, beside the other setups' stacks (prestart-reporter.ts). */
export const prestart = (project: TestProject): void => {
  if (testStore(project.config.env) === 'dynamodb') startEarly(stacksDynamoDbLocal);
  startEarly(clockStacks(project));
};

/** The clock stacks, and on the DynamoDB engine their hold on the stacks' DynamoDB Local. */
interface ClockStacks {
  stacks: OwnStack[];
  releaseDynamoDb: () => Promise<void>;
}

/**
 * The project's clock stacks: on its store engine (its env's WATTLE_TEST_STORE: this setup runs
 * outside its workers), one per file it runs at a time; the projects on one engine share their
 * stacks, those on the other get their own. On the DynamoDB engine they use the stacks' DynamoDB
 * Local (stacks-ddb-global-setup.ts), each under its own access key, instead of a JVM each.
 */
const clockStacks = (project: TestProject): RunResource<ClockStacks> => {
  const store = testStore(project.config.env);
  return {
    key: `clock-stacks-${store}`,
    start: () => startClockStacks(project.config.maxWorkers, store),
    stop: stopClockStacks,
  };
};

const startClockStacks = async (count: number, store: string): Promise<ClockStacks> => {
  const ddb = store === 'dynamodb' ? await oncePerRun(stacksDynamoDbLocal) : null;
  const releaseDynamoDb = async () => ddb?.release();
  try {
    const stacks = await Promise.all(
      Array.from({ length: count }, () =>
        startOwnStack({
          dataDir: mkdtempSync(join(tmpdir(), `wattle-clock-${store}-`)),
          logLevel: 'DEBUG',
          args: ['--store', store],
          dynamodbEndpoint: ddb?.value.endpoint ?? null,
        }),
      ),
    );
    return { stacks, releaseDynamoDb };
  } catch (error) {
    await releaseDynamoDb();
    throw error;
  }
};

const stopClockStacks = async ({ stacks, releaseDynamoDb }: ClockStacks): Promise<void> => {
  try {
    const codes = await Promise.all(stacks.map((stack) => stack.stop()));
    codes.forEach((code, i) => {
      if (code !== 0)
        throw new Error(`A clock stack exited with ${code}:\n${stacks[i]?.output().slice(-4000)}`);
    });
  } finally {
    for (const { dataDir } of stacks)
      for (const dir of [dataDir, `${dataDir}.lease`]) rmSync(dir, { recursive: true, force: true });
    await releaseDynamoDb();
  }
};
