/**
 * An error an AWS service answered, named by its type as the SDK names them
 * (`ConditionalCheckFailedException`, `TransactionCanceledException`…), with the body's fields the
 * callers read, as the SDK's exceptions have them: DynamoDB's failed condition's `Item` (as
 * DynamoDB sent it) and a cancelled transaction's `CancellationReasons`, one per item in order.
 */
export class AwsError extends Error {
  readonly $metadata: { httpStatusCode: number; attempts: number };
  readonly Item?: Record<string, unknown>;
  readonly CancellationReasons?: { Code?: string; Message?: string; Item?: Record<string, unknown> }[];

  constructor(
    name: string,
    message: string,
    status: number,
    attempts: number,
    body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = name;
    this.$metadata = { httpStatusCode: status, attempts };
    if (body.Item) this.Item = body.Item as Record<string, unknown>;
    if (body.CancellationReasons)
      this.CancellationReasons = body.CancellationReasons as AwsError['CancellationReasons'];
  }
}

/**
 * Whether `error` is the service's answer `name`: by name, so the SDK's own exception classes
 * (which the tests' fault injection throws) count too.
 */
export const isAwsError = (error: unknown, name: string): error is AwsError =>
  error instanceof Error && error.name === name;

/** The SDK's standard retry strategy's throttling answers (@smithy/service-error-classification). */
const throttling = new Set([
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);
const transientNames = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
const transientStatus = new Set([500, 502, 503, 504]);
const networkCodes = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);

/** How the SDK's standard retry strategy would treat `error`: not again, again, or again slower. */
export const retryKind = (error: unknown): 'no' | 'transient' | 'throttling' => {
  if (!(error instanceof Error)) return 'no';
  if (throttling.has(error.name)) return 'throttling';
  if (error instanceof AwsError) {
    const status = error.$metadata.httpStatusCode;
    if (status === 429) return 'throttling';
    return transientNames.has(error.name) || transientStatus.has(status) ? 'transient' : 'no';
  }
  const code = (error as { code?: string }).code;
  return code && networkCodes.has(code) ? 'transient' : 'no';
};
