import {
  adyenSecretVariable,
  type LiveProcessorName,
  liveProcessorNames,
  liveProcessorVariable,
} from '@wattle/routes';
import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';

/**
 * The live environment's processor from CDK context: `-c liveProcessor=adyen` (the default, and
 * `simulator`, keep the simulator); anything else is a mistake caught at synth.
 */
export const liveProcessorFromContext = (scope: Construct): LiveProcessorName => {
  const value: unknown = scope.node.tryGetContext('liveProcessor');
  const chosen = typeof value === 'string' && value.trim() !== '' ? value.trim() : 'simulator';
  if (!(liveProcessorNames as readonly string[]).includes(chosen))
    throw new Error(`-c liveProcessor must be one of ${liveProcessorNames.join(', ')}, not "${chosen}"`);
  return chosen as LiveProcessorName;
};

/**
 * The secret of the live processor's settings, made by the stack with a placeholder value: the
 * operator puts the JSON object of the ADYEN_* settings in it (docs/operations/deploying.md), so
 * no key is ever in the template or the CDK context. Kept when the stack goes: it holds live keys.
 */
export const createProcessorSecret = (scope: Construct, id: string): Secret => {
  const secret = new Secret(scope, id, {
    description:
      "Wattle's live processor settings: a JSON object of ADYEN_CHECKOUT_URL, ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT and ADYEN_HMAC_KEY",
    removalPolicy: RemovalPolicy.RETAIN,
  });
  Validations.of(secret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      "The secret holds Adyen's API key and HMAC key, which are made and replaced in Adyen's Customer Area, not by Secrets Manager: a rotation Lambda could not issue them.",
  });
  return secret;
};

/**
 * Lets `fn` read the processor's settings: GetSecretValue on that secret alone (its own key is
 * Secrets Manager's, which needs no grant), and where to find it.
 */
export const grantProcessorSecret = (fn: NodejsFunction, secret: Secret): void => {
  fn.addEnvironment(liveProcessorVariable, 'adyen');
  fn.addEnvironment(adyenSecretVariable, secret.secretArn);
  fn.addToRolePolicy(
    new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
  );
};
