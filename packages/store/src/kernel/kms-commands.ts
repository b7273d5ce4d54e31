/**
 * The KMS commands the card cipher sends, for its `import()` on first use. A bundle keeps every
 * export of a module it loads by `import()`, and can tree-shake none of them: through this file it
 * keeps these two, where `import('@aws-sdk/client-kms')` kept all of KMS's commands.
 */
export { DecryptCommand, GenerateDataKeyCommand } from '@aws-sdk/client-kms';
