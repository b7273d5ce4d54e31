/**
 * The store's DynamoDB client, for the local stack's own table work (the expiry sweep) and for
 * tests that watch or read the table through the service's client. Its commands are
 * @aws-sdk/lib-dynamodb's.
 */
export { type DocumentClient, documentClient } from './kernel/client.ts';
