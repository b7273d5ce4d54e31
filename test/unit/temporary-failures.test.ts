import {
  ConditionalCheckFailedException,
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { PinError } from '@wattle/domain';
import { toHttpError } from '@wattle/http';
import { TransactionConflictError } from '@wattle/ports';
import { describe, expect, it } from 'vitest';

const $metadata = {};
const cancelled = (code: string) =>
  new TransactionCanceledException({
    message: 'cancelled',
    $metadata,
    CancellationReasons: [{ Code: 'None' }, { Code: code }],
  });

describe('errors DynamoDB answers for now', () => {
  it.each([
    [
      'ProvisionedThroughputExceededException',
      new ProvisionedThroughputExceededException({ message: 'x', $metadata }),
      'throttled',
    ],
    ['ThrottlingException', new ThrottlingException({ message: 'x', $metadata }), 'throttled'],
    ['a transaction cancelled by throttling', cancelled('ThrottlingError'), 'throttled'],
    ['a transaction conflict the store gave up on', new TransactionConflictError(), 'conflict'],
    ['a raw transaction conflict', cancelled('TransactionConflict'), 'conflict'],
    [
      'a throttle wrapped as the cause of another error',
      new Error('saving', { cause: new ThrottlingException({ message: 'x', $metadata }) }),
      'throttled',
    ],
  ])('%s: 503, Pin-shaped, with Retry-After', (_, error, code) => {
    expect(toHttpError(error)).toEqual({
      status: 503,
      body: { error: code, error_description: new PinError(code as 'throttled').description },
      headers: { 'Retry-After': '1' },
    });
  });

  it('leaves every other failure a 500 without detail, and Pin errors as they are', () => {
    expect(toHttpError(new ConditionalCheckFailedException({ message: 'x', $metadata })).status).toBe(500);
    expect(toHttpError(cancelled('ConditionalCheckFailed')).status).toBe(500);
    expect(toHttpError(new Error('bug'))).toMatchObject({ status: 500, body: { error: 'internal_error' } });
    expect(toHttpError(new PinError('conflict'))).toMatchObject({ status: 409, body: { error: 'conflict' } });
  });
});
