/**
 * The SDK's default credential chain, as the Lambda bundles have it: Lambda puts the function
 * role's credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_SESSION_TOKEN), so the chain's SSO, profile, process, web-identity and instance metadata
 * providers are never reached there. The CDK bundling aliases `@aws-sdk/credential-provider-node`
 * to this module (infra/constructs/function.ts), which keeps them out of every bundle, and reads
 * the environment as the SDK's `fromEnv` does without the SDK's core (no SDK client is bundled:
 * @wattle/aws-json); everywhere else (the local stack, tests, the CLI) the full chain is used.
 */
export const defaultProvider = () => async () => {
  const env = process.env;
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey)
    throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  const expiration = env.AWS_CREDENTIAL_EXPIRATION;
  return {
    accessKeyId,
    secretAccessKey,
    ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
    ...(expiration ? { expiration: new Date(expiration) } : {}),
  };
};
