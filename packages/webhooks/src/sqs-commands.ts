/**
 * The SQS command the delivery queue sends, for its `import()` on first use. A bundle keeps every
 * export of a module it loads by `import()`, and can tree-shake none of them: through this file it
 * keeps this one, where `import('@aws-sdk/client-sqs')` kept all of SQS's commands.
 */
export { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
