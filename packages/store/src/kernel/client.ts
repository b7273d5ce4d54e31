import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The document client every repository uses. Endpoint and credentials come from the SDK's usual
 * sources (AWS_ENDPOINT_URL_DYNAMODB points it at DynamoDB Local).
 */
export const documentClient = (config: DynamoDBClientConfig = {}): DynamoDBDocumentClient =>
  DynamoDBDocumentClient.from(new DynamoDBClient(config), {
    marshallOptions: { removeUndefinedValues: true },
  });
