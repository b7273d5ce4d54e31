import type { DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { boundByDeadline } from '@wattle/deadline';
import type { DeliveryQueue } from '@wattle/ports';
import { type CardCipher, kmsCardCipher, reportingUnavailable } from '@wattle/store';
import { SqsDeliveryQueue } from '@wattle/webhooks';
import { tracedClient } from './tracer.ts';

/** A connection to an AWS endpoint is made within this, or the attempt fails (and is retried). */
export const connectionTimeoutMs = 1_000;
/**
 * One attempt of a call is answered within this, or fails with the SDK's TimeoutError (and is
 * retried): DynamoDB, KMS and SQS answer in milliseconds; a function has 29 seconds.
 */
export const requestTimeoutMs = 5_000;

/** A positive whole number of milliseconds from `value` (a setting's), else `otherwise`. */
export const millisecondsOr = (value: string | undefined, otherwise: number): number => {
  const configured = Number(value);
  return Number.isInteger(configured) && configured > 0 ? configured : otherwise;
};

/**
 * The timeouts in force: `WATTLE_AWS_CONNECTION_TIMEOUT_MS` and `WATTLE_AWS_REQUEST_TIMEOUT_MS`
 * where set, else AWS's (connectionTimeoutMs, requestTimeoutMs). The local stack sets both: its
 * DynamoDB Local queues calls behind one write lock and, under load, answers in seconds what AWS
 * answers in milliseconds (a connection waits for one of the client's sockets as long), so timing
 * its attempts out only piles retries onto it. Every call stays bound by the invocation's deadline
 * either way.
 */
export const awsTimeoutsOf = (env: NodeJS.ProcessEnv = process.env) => ({
  connectionTimeout: millisecondsOr(env.WATTLE_AWS_CONNECTION_TIMEOUT_MS, connectionTimeoutMs),
  requestTimeout: millisecondsOr(env.WATTLE_AWS_REQUEST_TIMEOUT_MS, requestTimeoutMs),
});

const nothing = () => {};

/**
 * The SDK's logger middleware passes every call's input and output through its sensitive-data
 * filters on their way to `logger.info`, even when the logger writes nothing (the default no-op
 * logger has an `info`): a logger without `info` makes the SDK skip that work (about a tenth of a
 * GetItem's client CPU, a third of an eight-item transaction's). Our own logs say what a request did.
 */
const quietSdkLogger = { debug: nothing, warn: nothing, error: nothing } as unknown as NonNullable<
  DynamoDBClientConfig['logger']
>;

/**
 * What every AWS SDK client of a function is made with, once per container: the standard retry
 * mode (its retry quota and backoff; AWS_MAX_ATTEMPTS, else 3 attempts), a logger that spares every
 * call the SDK's log filtering, and an HTTP handler that
 * times out a connection and an attempt well inside the function's timeout. Each call also carries
 * the work's one deadline (boundByDeadline: @wattle/deadline). Endpoints, region and credentials
 * are the SDK's own (AWS_ENDPOINT_URL, AWS_ENDPOINT_URL_<SERVICE>, AWS_REGION, the role's).
 */
export const awsClientSettings = () => ({
  retryMode: 'standard' as const,
  logger: quietSdkLogger,
  requestHandler: new NodeHttpHandler({
    ...awsTimeoutsOf(),
    throwOnRequestTimeout: true,
  }),
});

/**
 * `client` as a function uses it: each call bound by the work's deadline (boundByDeadline), and
 * failing for now (throttled, timed out, stopped at the deadline, AWS's fault) with the ports'
 * `Unavailable` (reportingUnavailable), so no adapter's caller reads an AWS exception.
 */
export const functionAwsClient = <
  C extends Parameters<typeof boundByDeadline>[0] & Parameters<typeof reportingUnavailable>[0],
>(
  client: C,
): C => tracedClient(boundByDeadline(reportingUnavailable(client)));

/**
 * The KMS card cipher of `keyId`. The KMS client module is loaded (and the client made) when the
 * first card is sealed or opened: a function that never handles a card never evaluates it.
 */
export const lazyKmsCardCipher = (keyId: string): CardCipher => {
  let cipher: Promise<CardCipher> | undefined;
  const load = async (): Promise<CardCipher> => {
    const { KMSClient } = await import('./sdk/kms.ts');
    return kmsCardCipher(functionAwsClient(new KMSClient(awsClientSettings())), keyId);
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
  const { SQSClient } = await import('./sdk/sqs.ts');
  // The endpoint is the SDK's (AWS_ENDPOINT_URL_SQS locally), not the queue URL's host, which
  // for the local emulator does not resolve; in AWS the two are the same.
  const client = new SQSClient({ ...awsClientSettings(), useQueueUrlAsEndpoint: false });
  return new SqsDeliveryQueue(functionAwsClient(client), queueUrl);
};
