import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { DeliveryQueue } from '@wattle/ports';
import { type CardCipher, kmsCardCipher } from '@wattle/store';
import { SqsDeliveryQueue } from '@wattle/webhooks';
import { boundByDeadline } from './deadline.ts';

/** A connection to an AWS endpoint is made within this, or the attempt fails (and is retried). */
export const connectionTimeoutMs = 1_000;
/**
 * One attempt of a call is answered within this, or fails with the SDK's TimeoutError (and is
 * retried): DynamoDB, KMS and SQS answer in milliseconds; a function has 29 seconds.
 */
export const requestTimeoutMs = 5_000;

/**
 * What every AWS SDK client of a function is made with, once per container: the standard retry
 * mode (its retry quota and backoff; AWS_MAX_ATTEMPTS, else 3 attempts) and an HTTP handler that
 * times out a connection and an attempt well inside the function's timeout. Each call also carries
 * the work's one deadline (boundByDeadline: deadline.ts). Endpoints, region and credentials
 * are the SDK's own (AWS_ENDPOINT_URL, AWS_ENDPOINT_URL_<SERVICE>, AWS_REGION, the role's).
 */
export const awsClientSettings = () => ({
  retryMode: 'standard' as const,
  requestHandler: new NodeHttpHandler({
    connectionTimeout: connectionTimeoutMs,
    requestTimeout: requestTimeoutMs,
    throwOnRequestTimeout: true,
  }),
});

/**
 * The KMS card cipher of `keyId`. The KMS client module is loaded (and the client made) when the
 * first card is sealed or opened: a function that never handles a card never evaluates it.
 */
export const lazyKmsCardCipher = (keyId: string): CardCipher => {
  let cipher: Promise<CardCipher> | undefined;
  const load = async (): Promise<CardCipher> => {
    const { KMSClient } = await import('@aws-sdk/client-kms');
    return kmsCardCipher(boundByDeadline(new KMSClient(awsClientSettings())), keyId);
  };
  const loaded = () => {
    cipher ??= load();
    cipher.catch(() => {
      cipher = undefined;
    });
    return cipher;
  };
  return {
    seal: async (cardNumber, context) => (await loaded()).seal(cardNumber, context),
    open: async (sealed, context) => (await loaded()).open(sealed, context),
  };
};

/** The SQS delivery queue at `queueUrl`, its client module loaded on first use. */
export const sqsDeliveryQueue = async (queueUrl: string): Promise<DeliveryQueue> => {
  const { SQSClient } = await import('@aws-sdk/client-sqs');
  // The endpoint is the SDK's (AWS_ENDPOINT_URL_SQS locally), not the queue URL's host, which
  // for the local emulator does not resolve; in AWS the two are the same.
  const client = new SQSClient({ ...awsClientSettings(), useQueueUrlAsEndpoint: false });
  return new SqsDeliveryQueue(boundByDeadline(client), queueUrl);
};
