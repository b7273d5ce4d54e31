/** Signed calls to AWS services over their JSON protocols, in place of the SDK's clients. */
export { AwsJsonClient, type AwsJsonOptions } from './aws-json-client.ts';
export { AwsError, isAwsError } from './errors.ts';
export { dynamoDbProtocol, type JsonProtocol, kmsProtocol, sqsProtocol } from './protocols.ts';
export type { Credentials } from './sigv4.ts';
