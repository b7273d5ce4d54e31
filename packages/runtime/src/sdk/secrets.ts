/**
 * Secrets Manager's client and Powertools' provider over it, for processors.ts's `import()` on
 * first use (why a file of its own: sdk/kms.ts).
 */
export { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
export { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
