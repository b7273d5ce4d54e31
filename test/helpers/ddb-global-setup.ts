import { type DynamoDbLocal, startDynamoDbLocal } from '@wattle/local';
import type { TestProject } from 'vitest/node';
import { oncePerRun, type RunResource, startEarly } from './once-per-run.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** DynamoDB Local for the integration tests: one JVM per run, a table per file (useTable). */
    ddbEndpoint: string;
  }
}

const dynamoDbLocal: RunResource<DynamoDbLocal> = {
  key: 'dynamodb-local',
  start: () => startDynamoDbLocal(),
  stop: (ddb) => ddb.stop(),
};

/** Started as the run starts, beside the other setups' stacks (prestart-reporter.ts). */
export const prestart = (): void => startEarly(dynamoDbLocal);

/**
 * The global setup of the integration projects: DynamoDB Local in memory, ONE JVM per run for
 * every project that lists this setup (integration, integration-in-process), each file on a table
 * of its own.
 */
export default async function setup(project: TestProject) {
  const { value: ddb, release } = await oncePerRun(dynamoDbLocal);
  project.provide('ddbEndpoint', ddb.endpoint);
  return release;
}
