/**
 * The store's DynamoDB client and its document commands, for the local stack's own table work
 * (the expiry sweep) and for tests that watch or read the table through the service's client.
 */
export * from './kernel/dynamodb/commands.ts';
export { DocumentClient, type DocumentClientOptions } from './kernel/dynamodb/document-client.ts';
