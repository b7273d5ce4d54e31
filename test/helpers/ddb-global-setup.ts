import { startDynamoDbLocal } from '@wattle/local';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** DynamoDB Local for the integration tests: one JVM per run, a table per file (useTable). */
    ddbEndpoint: string;
  }
}

/** The integration project's global setup: DynamoDB Local in memory, once per run. */
export default async function setup(project: TestProject) {
  const ddb = await startDynamoDbLocal();
  project.provide('ddbEndpoint', ddb.endpoint);
  return () => ddb.stop();
}
