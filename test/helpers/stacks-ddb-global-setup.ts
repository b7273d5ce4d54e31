import { type DynamoDbLocal, localCredentials, startDynamoDbLocal } from '@wattle/local';
import type { TestProject } from 'vitest/node';
import { oncePerRun, type RunResource, startEarly } from './once-per-run.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The stacks' DynamoDB Local (stacksDynamoDbLocal): what a stack of a file's own that keeps
     * nothing uses (startOwnStack), under its own access key.
     */
    stacksDdbEndpoint: string;
  }
}

/**
 * The DynamoDB Local the run's DynamoDB-engine stacks that keep nothing share (the shared e2e
 * stack, the clock stacks, startOwnStack's in memory), each under its own access key
 * (WATTLE_DYNAMODB_ENDPOINT), instead of a JVM each: a JVM start is about 3 s of CPU and a cold
 * JIT, and a reliability run started 30-40 of them. In memory, a database per access key (no
 * -sharedDb: a stack sees none of another's). Not the integration tests' (ddb-global-setup.ts),
 * which shares one database between keys and regions.
 */
export const stacksDynamoDbLocal: RunResource<DynamoDbLocal> = {
  key: 'dynamodb-local-stacks',
  start: () => startDynamoDbLocal({ accessKeyId: localCredentials.accessKeyId }),
  stop: (ddb) => ddb.stop(),
};

/** Started as the run starts, beside the other setups' stacks (prestart-reporter.ts). */
export const prestart = (): void => startEarly(stacksDynamoDbLocal);

/** The global setup of the projects whose files start stacks of their own on the DynamoDB engine. */
export default async function setup(project: TestProject) {
  const { value: ddb, release } = await oncePerRun(stacksDynamoDbLocal);
  project.provide('stacksDdbEndpoint', ddb.endpoint);
  return release;
}
