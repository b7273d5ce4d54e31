/** The AWS clients beyond DynamoDB a function's bundle may hold. */
export interface BundledClients {
  kms: boolean;
  sqs: boolean;
}

/**
 * esbuild's `define` for the clients a function's bundle leaves out (packages/runtime's
 * bundled-clients.ts): the branch that imports one becomes dead code, and the client goes with it.
 */
export const clientDefines = (clients: BundledClients): Record<string, string> => ({
  'process.env.WATTLE_BUNDLE_KMS': JSON.stringify(clients.kms ? 'yes' : 'no'),
  'process.env.WATTLE_BUNDLE_SQS': JSON.stringify(clients.sqs ? 'yes' : 'no'),
});

/**
 * Modules the Lambda bundles replace, as paths from the project root (as esbuild's alias takes
 * them): the credentials, the environment's only (packages/runtime/src/lambda-credentials.ts), in
 * place of the SDK's whole default chain; node:http without its ESM facade, which loads undici at
 * start (packages/runtime/src/lambda-node-http.ts).
 */
export const lambdaBundleAliases = {
  '@aws-sdk/credential-provider-node': './packages/runtime/src/lambda-credentials.ts',
  'node:http': './packages/runtime/src/lambda-node-http.ts',
} as const;
