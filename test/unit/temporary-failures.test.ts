import {
  ConditionalCheckFailedException,
  InternalServerError,
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
  TransactionInProgressException,
} from '@aws-sdk/client-dynamodb';
import { KMSClient, ListKeysCommand } from '@aws-sdk/client-kms';
import { ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import { ListQueuesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { PinError } from '@wattle/domain';
import { toHttpError } from '@wattle/http';
import { TransactionConflictError, Unavailable } from '@wattle/ports';
import { functionAwsClient } from '@wattle/runtime';
import { documentClient } from '@wattle/store';
import { describe, expect, it } from 'vitest';
import { Transaction } from '../../packages/store/src/kernel/transaction.ts';

const $metadata = {};
const cancelled = (code: string) =>
  new TransactionCanceledException({
    message: 'cancelled',
    $metadata,
    CancellationReasons: [{ Code: 'None' }, { Code: code }],
  });
const named = (name: string) => Object.assign(new Error(name), { name });

/**
 * What the store throws when DynamoDB answers a two-item transaction with `error` (the SDK's own
 * exception, from its HTTP handler, one attempt): the store's client and transaction classify it.
 */
const thrownBy = async (error: Error): Promise<unknown> => {
  const doc = documentClient({
    region: 'local',
    endpoint: 'http://dynamodb.invalid',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
    requestHandler: { handle: async () => Promise.reject(error) },
  });
  const tx = new Transaction<'first' | 'second'>('wattle', undefined, () => 0)
    .put('first', { Item: { pk: 'A', sk: 'A' } })
    .put('second', { Item: { pk: 'B', sk: 'B' } });
  return tx.commit(doc).then(
    () => expect.unreachable('the commit failed'),
    (failure: unknown) => failure,
  );
};

describe('errors DynamoDB answers for now', () => {
  it.each([
    [
      'ProvisionedThroughputExceededException',
      new ProvisionedThroughputExceededException({ message: 'x', $metadata }),
      'throttled',
    ],
    ['ThrottlingException', new ThrottlingException({ message: 'x', $metadata }), 'throttled'],
    ['a transaction cancelled by throttling', cancelled('ThrottlingError'), 'throttled'],
    ['a raw transaction conflict', cancelled('TransactionConflict'), 'conflict'],
    [
      'a transaction in progress under the same token',
      new TransactionInProgressException({ message: 'x', $metadata }),
      'conflict',
    ],
    ['an attempt that kept timing out', named('TimeoutError'), 'service_unavailable'],
    ["a call stopped at the work's deadline", named('AbortError'), 'service_unavailable'],
    [
      "DynamoDB's own fault",
      new InternalServerError({ message: 'x', $metadata: { httpStatusCode: 500 } }),
      'service_unavailable',
    ],
  ])(
    '%s: the store throws Unavailable, answered 503, Pin-shaped, with Retry-After',
    async (_, error, code) => {
      const failure = await thrownBy(error);
      expect(failure).toBeInstanceOf(Unavailable);
      expect(toHttpError(failure)).toEqual({
        status: 503,
        body: { error: code, error_description: new PinError(code as 'throttled').description },
        headers: { 'Retry-After': '1' },
      });
    },
  );

  it.each([
    ['a transaction conflict the store gave up on', async () => new TransactionConflictError(), 'conflict'],
    [
      'a throttle wrapped as the cause of another error',
      async () =>
        new Error('saving', {
          cause: await thrownBy(new ThrottlingException({ message: 'x', $metadata })),
        }),
      'throttled',
    ],
  ])('%s: 503, Pin-shaped, with Retry-After', async (_, error, code) => {
    expect(toHttpError(await error())).toEqual({
      status: 503,
      body: { error: code, error_description: new PinError(code as 'throttled').description },
      headers: { 'Retry-After': '1' },
    });
  });

  it('leaves every other failure a 500 without detail, and Pin errors as they are', async () => {
    expect(
      toHttpError(await thrownBy(new ConditionalCheckFailedException({ message: 'x', $metadata }))).status,
    ).toBe(500);
    expect(toHttpError(await thrownBy(cancelled('ConditionalCheckFailed'))).status).toBe(500);
    expect(toHttpError(new Error('bug'))).toMatchObject({ status: 500, body: { error: 'internal_error' } });
    expect(toHttpError(new PinError('conflict'))).toMatchObject({ status: 409, body: { error: 'conflict' } });
  });

  it('reads no AWS exception at the edge: only what a port threw', () => {
    expect(toHttpError(new ThrottlingException({ message: 'x', $metadata })).status).toBe(500);
  });
});

describe('the other AWS clients a function makes (KMS, SQS, S3)', () => {
  const failingWith = (error: Error) => ({
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
    requestHandler: { handle: async () => Promise.reject(error) },
  });
  const throttle = () =>
    Object.assign(new Error('slow down'), {
      name: 'ThrottlingException',
      $metadata: { httpStatusCode: 400 },
    });
  const calls: [string, (error: Error) => Promise<unknown>][] = [
    ['KMS', (error) => functionAwsClient(new KMSClient(failingWith(error))).send(new ListKeysCommand({}))],
    ['SQS', (error) => functionAwsClient(new SQSClient(failingWith(error))).send(new ListQueuesCommand({}))],
    ['S3', (error) => functionAwsClient(new S3Client(failingWith(error))).send(new ListBucketsCommand({}))],
  ];

  it.each(calls)(
    '%s: a throttle or a timeout fails with Unavailable, anything else as it came',
    async (_, call) => {
      await expect(call(throttle())).rejects.toMatchObject({ name: 'Unavailable', reason: 'throttled' });
      await expect(call(named('TimeoutError'))).rejects.toMatchObject({
        name: 'Unavailable',
        reason: 'timed_out',
      });
      await expect(call(named('AccessDeniedException'))).rejects.toMatchObject({
        name: 'AccessDeniedException',
      });
    },
  );
});
