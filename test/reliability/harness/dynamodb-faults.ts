import {
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDbCall, Fault } from './dynamodb-hooks.ts';

export type FaultKind = 'provisioned-throughput' | 'throttling' | 'transaction-conflict';
export const faultKinds: readonly FaultKind[] = [
  'provisioned-throughput',
  'throttling',
  'transaction-conflict',
];

const metadata = { httpStatusCode: 400 };

/** Whether `kind` can hit `call`: conflicts happen to transactions only, throttles to any call. */
export const canHit = (kind: FaultKind, call: DynamoDbCall): boolean =>
  kind !== 'transaction-conflict' || call.command === 'TransactWriteItems';

/** The error DynamoDB answers `call` with, for a fault of `kind`. */
export const faultError = (kind: FaultKind, call: DynamoDbCall): Error => {
  if (kind === 'provisioned-throughput')
    return new ProvisionedThroughputExceededException({
      message: 'The level of configured provisioned throughput for the table was exceeded.',
      $metadata: metadata,
    });
  if (kind === 'throttling')
    return new ThrottlingException({
      message: 'Throughput exceeds the current capacity of your table or index.',
      $metadata: metadata,
    });
  const items = (call.input.TransactItems as unknown[] | undefined) ?? [];
  return new TransactionCanceledException({
    message:
      'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]',
    $metadata: metadata,
    CancellationReasons: items.map(() => ({
      Code: 'TransactionConflict',
      Message: 'Transaction is ongoing for the item',
    })),
  });
};

/**
 * `once`: the `at`-th call fails (after the SDK's retries, for a throttle); the ones after it work.
 * `sustained`: every call it can hit from the `at`-th on fails, to the end of the request.
 */
export type FaultSpan = 'once' | 'sustained';

export const faultAt =
  (kind: FaultKind, at: number, span: FaultSpan): Fault =>
  (call, index) =>
    (span === 'once' ? index === at : index >= at) && canHit(kind, call) ? faultError(kind, call) : undefined;
