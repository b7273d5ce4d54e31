import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * The SDK clients' default credential chain, as the Lambda bundles have it: Lambda puts the
 * function role's credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_SESSION_TOKEN), so the chain's SSO, profile, process, web-identity and instance metadata
 * providers are never reached there. The CDK bundling aliases `@aws-sdk/credential-provider-node`
 * to this module (infra/constructs/function.ts), which keeps about 80 KB of them out of every
 * bundle; everywhere else (the local stack, tests, the CLI) the full chain is used.
 */
export const defaultProvider: typeof fromEnv = (init) => fromEnv(init);
