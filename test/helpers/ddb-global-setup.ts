import { startDynamoDbLocal } from '@wattle/local';
import type { TestProject } from 'vitest/node';
import { oncePerRun } from './once-per-run.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** DynamoDB Local for the integration tests: one JVM per run, a table per file (useTable). */
    ddbEndpoint: string;
  }
}

/**
 * The global setup of the integration projects: DynamoDB Local in memory, ONE JVM per run for
 * every project that lists this setup (integration, integration-in-process), each file on a table
 * of its own.
 */
export default async function setup(project: TestProject) {
  const { value: ddb, release } = await oncePerRun('dynamodb-local', startDynamoDbLocal, (ddb) => ddb.stop());
  project.provide('ddbEndpoint', ddb.endpoint);
  return release;
}
