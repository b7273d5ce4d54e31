/**
 * The KMS client, for aws-clients.ts's `import()` on first use. A bundle keeps every export of a
 * module it loads by `import()`, and can tree-shake none of them: through this file it keeps the
 * client, where `import('@aws-sdk/client-kms')` kept all of KMS's commands too.
 */
export { KMSClient } from '@aws-sdk/client-kms';
