import { KMSClient } from '@aws-sdk/client-kms';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { DeliveryQueue } from '@wattle/ports';
import { type CardCipher, kmsCardCipher } from '@wattle/store';
import { SqsDeliveryQueue } from '@wattle/webhooks';

/**
 * The KMS and SQS clients, made on first use and bundled only in the functions that use them. The
 * CDK bundling defines `process.env.WATTLE_BUNDLE_KMS` / `WATTLE_BUNDLE_SQS` as `"no"` for a
 * function that functionAccess (infra/constructs/access.ts) gives no card key / no queue: esbuild
 * then drops the branch, and with it the client, from that function's bundle. The imports are
 * static on purpose: a dynamic `import()` of a client keeps all of its exports in the bundle (the
 * aggregated client, every command and its schemas, about 35 KB for KMS), which every cold start
 * parses, and in one bundle file it is evaluated at start all the same.
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
      return kmsCardCipher(new KMSClient({}), keyId);
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
    return new SqsDeliveryQueue(new SQSClient({ useQueueUrlAsEndpoint: false }), queueUrl);
  }
  return notBundled('SQS', 'sendTo');
};
