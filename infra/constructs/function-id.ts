import type { FunctionName } from '@wattle/routes';

/**
 * A function's logical id in the stack (CDK adds its hash): `webhook-delivery` → WebhookDeliveryFunction.
 * A module of its own, free of aws-cdk-lib: the rehearsal finds the deployed functions by it
 * without loading the CDK (about 1.5 s of CPU).
 */
export const functionId = (fn: FunctionName): string =>
  `${fn.replace(/(^|-)([a-z])/g, (_, _dash, c: string) => c.toUpperCase())}Function`;
