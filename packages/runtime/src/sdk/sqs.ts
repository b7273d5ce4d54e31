/** The SQS client, for aws-clients.ts's `import()` on first use (why a file of its own: sdk/kms.ts). */
export { SQSClient } from '@aws-sdk/client-sqs';
