import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { reportingUnavailable } from './unavailable.ts';

/** The store's DynamoDB client: lib-dynamodb's document client over client-dynamodb's. */
export type DocumentClient = DynamoDBDocumentClient;

/**
 * The document client every repository uses (undefined values left out of items). Endpoint,
 * region and credentials come from the SDK's usual sources (AWS_ENDPOINT_URL_DYNAMODB points it
 * at DynamoDB Local); the functions pass the runtime's client settings (retries, timeouts:
 * packages/runtime/src/aws-clients.ts, which also binds each call to the work's deadline). A call
 * DynamoDB cannot answer now (throttled, timed out, stopped at the deadline, its own fault) fails
 * with the ports' `Unavailable` (reportingUnavailable).
 */
export const documentClient = (config: DynamoDBClientConfig = {}): DocumentClient =>
  DynamoDBDocumentClient.from(reportingUnavailable(new DynamoDBClient(config)), {
    marshallOptions: { removeUndefinedValues: true },
  });
