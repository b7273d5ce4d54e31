import { DocumentClient, type DocumentClientOptions } from './dynamodb/document-client.ts';

/**
 * The client every repository uses. Endpoint, region and credentials come from the SDK's usual
 * sources (AWS_ENDPOINT_URL_DYNAMODB points it at DynamoDB Local).
 */
export const documentClient = (options: DocumentClientOptions = {}): DocumentClient =>
  new DocumentClient(options);
