import { AwsJsonClient, kmsProtocol, sqsProtocol } from '@wattle/aws-json';
import type { DeliveryQueue } from '@wattle/ports';
import { type CardCipher, kmsCardCipher } from '@wattle/store';
import { SqsDeliveryQueue } from '@wattle/webhooks';

/**
 * The KMS card cipher and the SQS delivery queue, made on first use and bundled only in the
 * functions that use them. The CDK bundling defines `process.env.WATTLE_BUNDLE_KMS` /
 * `WATTLE_BUNDLE_SQS` as `"no"` for a function that functionAccess (infra/constructs/access.ts)
 * gives no card key / no queue: esbuild then drops the branch, and a function whose access is
 * wrong says so instead of failing in IAM. Both call their service over its JSON protocol
 * (@wattle/aws-json), not through the SDK's clients, which would bring the SDK's core back into
 * the bundle (about 25 ms of every cold start).
 */

/** Why a function bundled without a client cannot use it: its access, not this code, is wrong. */
const notBundled = (client: string, access: string): never => {
  throw new Error(
    `This function was bundled without the ${client} client: give it ${access} in functionAccess`,
  );
};

/** The KMS card cipher of `keyId`: the client is imported when the first card is sealed or opened. */
export const lazyKmsCardCipher = (keyId: string): CardCipher => {
  let cipher: Promise<CardCipher> | undefined;
  const load = async (): Promise<CardCipher> => {
    if (process.env.WATTLE_BUNDLE_KMS !== 'no') {
      return kmsCardCipher(new AwsJsonClient(kmsProtocol), keyId);
    }
    return notBundled('KMS', 'cardKey');
  };
  const loaded = () => {
    cipher ??= load();
    return cipher;
  };
  return {
    seal: async (cardNumber, context) => (await loaded()).seal(cardNumber, context),
    open: async (sealed, context) => (await loaded()).open(sealed, context),
  };
};

/**
 * The SQS delivery queue at `queueUrl`. The client takes its endpoint from the SDK's settings
 * (AWS_ENDPOINT_URL_SQS locally), not from the queue URL, whose fauxqs host does not resolve.
 */
export const sqsDeliveryQueue = async (queueUrl: string): Promise<DeliveryQueue> => {
  if (process.env.WATTLE_BUNDLE_SQS !== 'no') {
    return new SqsDeliveryQueue(new AwsJsonClient(sqsProtocol), queueUrl);
  }
  return notBundled('SQS', 'sendTo');
};
