/**
 * Signed calls to AWS services, in place of the SDK's clients: over their JSON protocols
 * (AwsJsonClient), and the parts other requests are made of (S3's, in packages/runtime's
 * file-blobs): the SigV4 signer, the kept-alive transport, the shared credentials and the retries.
 */
export { AwsJsonClient, type AwsJsonOptions } from './aws-json-client.ts';
export { type CredentialSource, sharedCredentials } from './credentials.ts';
export { AwsError, isAwsError } from './errors.ts';
export { dynamoDbProtocol, type JsonProtocol, kmsProtocol, sqsProtocol } from './protocols.ts';
export { defaultMaxAttempts, withRetries } from './retries.ts';
export {
  type Credentials,
  presignQuery,
  type SignedRequest,
  sha256Hex,
  signRequest,
  uriEncode,
} from './sigv4.ts';
export { httpTransport } from './transport.ts';
