import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const nothing = () => {};

/**
 * The SDK's logger middleware passes every call's input and output through its sensitive-data
 * filters to `logger.info`, even when the logger does nothing: the default no-op logger has an
 * `info`, so the filters walk each item read or written. A logger without `info` makes the SDK
 * skip that work (it calls `logger?.info?.(…)`); our own logs say what a request did.
 */
export const quietSdkLogger = { debug: nothing, warn: nothing, error: nothing } as unknown as NonNullable<
  DynamoDBClientConfig['logger']
>;

/**
 * The document client every repository uses. Endpoint and credentials come from the SDK's usual
 * sources (AWS_ENDPOINT_URL_DYNAMODB points it at DynamoDB Local).
 */
export const documentClient = (config: DynamoDBClientConfig = {}): DynamoDBDocumentClient =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ logger: quietSdkLogger, ...config }), {
    marshallOptions: { removeUndefinedValues: true },
  });
