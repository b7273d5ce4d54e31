import { Readable } from 'node:stream';
import { DynamoDBDocumentClient, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '@wattle/store/dynamodb';
import { describe, expect, it } from 'vitest';
import { isWrite, itemWrites, observeCalls, operationKind } from '../helpers/dynamodb-calls.ts';

const key = (pk: string, sk: string) => ({ pk: { S: pk }, sk: { S: sk } });

describe('the DynamoDB calls the tests and benches watch', () => {
  it('tells the reads from the writes, and refuses an operation not on items', () => {
    const kinds = ['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems'].map(operationKind);
    expect(kinds).toEqual(['read', 'read', 'read', 'read', 'read']);
    const writes = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems'];
    expect(writes.map(operationKind)).toEqual(['write', 'write', 'write', 'write', 'write']);
    expect(writes.every(isWrite)).toBe(true);
    // A table's operations are neither: a name matched by its start would have called these writes.
    expect(() => operationKind('DeleteTable')).toThrow(/DeleteTable is not an operation on items/);
    expect(() => isWrite('UpdateTimeToLive')).toThrow();
  });

  it("lists a single write's item: a Put's whole item keyed by its pk and sk, else its key", () => {
    const item = { ...key('A', 'P'), n: { N: '1' } };
    expect(itemWrites('PutItem', { TableName: 't', Item: item })).toEqual([
      { action: 'Put', key: key('A', 'P'), item, inTransaction: false },
    ]);
    expect(itemWrites('UpdateItem', { Key: key('A', 'P'), UpdateExpression: 'SET n = :n' })).toEqual([
      { action: 'Update', key: key('A', 'P'), inTransaction: false },
    ]);
    expect(itemWrites('DeleteItem', { Key: key('B', 'Q') })).toEqual([
      { action: 'Delete', key: key('B', 'Q'), inTransaction: false },
    ]);
    expect(itemWrites('Query', { KeyConditionExpression: '#pk = :pk' })).toEqual([]);
  });

  it("lists a transaction's items in order, condition checks included, all in the transaction", () => {
    const item = { ...key('A', 'P'), gsi1pk: { S: 'L' } };
    const writes = itemWrites('TransactWriteItems', {
      TransactItems: [
        { Put: { TableName: 't', Item: item } },
        { Update: { TableName: 't', Key: key('C', 'COUNTER') } },
        { Delete: { TableName: 't', Key: key('J', 'JOB') } },
        { ConditionCheck: { TableName: 't', Key: key('S', 'SUB'), ConditionExpression: 'ver = :v' } },
      ],
    });
    expect(writes).toEqual([
      { action: 'Put', key: key('A', 'P'), item, inTransaction: true },
      { action: 'Update', key: key('C', 'COUNTER'), inTransaction: true },
      { action: 'Delete', key: key('J', 'JOB'), inTransaction: true },
      { action: 'ConditionCheck', key: key('S', 'SUB'), inTransaction: true },
    ]);
  });

  it("lists a batch write's puts and deletes on every table it names", () => {
    const item = key('A', 'P');
    const writes = itemWrites('BatchWriteItem', {
      RequestItems: {
        t1: [{ PutRequest: { Item: item } }, { DeleteRequest: { Key: key('B', 'Q') } }],
        t2: [{ DeleteRequest: { Key: key('C', 'R') } }],
      },
    });
    expect(writes).toEqual([
      { action: 'Put', key: item, item, inTransaction: false },
      { action: 'Delete', key: key('B', 'Q'), inTransaction: false },
      { action: 'Delete', key: key('C', 'R'), inTransaction: false },
    ]);
  });

  it("observes a client's calls: the input it sends on, an error instead, its answer; stopped, none", async () => {
    const { doc, sent } = fakeDynamoDb();
    const seen: unknown[] = [];
    const stop = observeCalls(doc, async (call, send) => {
      if (call.operation === 'Scan') throw new Error('refused');
      const output = await send({ ...call.input, ReturnConsumedCapacity: 'TOTAL' });
      seen.push({ ...call, item: output.Item });
      return { ...output, observed: true };
    });
    const got = await doc.send(new GetCommand({ TableName: 't', Key: { pk: 'A', sk: 'P' } }));
    expect(got).toMatchObject({ Item: { pk: 'A' }, observed: true });
    await expect(doc.send(new ScanCommand({ TableName: 't' }))).rejects.toThrow('refused');
    // DynamoDB got the observer's input, as attribute values; the Scan was never sent.
    expect(sent).toEqual([
      {
        operation: 'GetItem',
        input: { TableName: 't', Key: key('A', 'P'), ReturnConsumedCapacity: 'TOTAL' },
      },
    ]);
    expect(seen).toEqual([
      { operation: 'GetItem', input: { TableName: 't', Key: key('A', 'P') }, item: { pk: 'A' } },
    ]);
    stop();
    await doc.send(new ScanCommand({ TableName: 't' }));
    expect(seen).toHaveLength(1);
    expect(sent.map((call) => call.operation)).toEqual(['GetItem', 'Scan']);
  });

  it('observes every client, made before or after, until stopped', async () => {
    const before = fakeDynamoDb();
    const seen: string[] = [];
    const stop = observeCalls(DynamoDBDocumentClient.prototype, (call, send) => {
      seen.push(call.operation);
      return send(call.input);
    });
    const after = fakeDynamoDb();
    await before.doc.send(new GetCommand({ TableName: 't', Key: { pk: 'A', sk: 'P' } }));
    await after.doc.send(new ScanCommand({ TableName: 't' }));
    stop();
    await after.doc.send(new ScanCommand({ TableName: 't' }));
    expect(seen).toEqual(['GetItem', 'Scan']);
    expect(after.sent).toHaveLength(2);
  });
});

/** A store client whose HTTP handler records each call (operation, input) and answers one item. */
const fakeDynamoDb = () => {
  const sent: { operation: string; input: unknown }[] = [];
  const doc = documentClient({
    region: 'local',
    endpoint: 'http://dynamodb.invalid',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    requestHandler: {
      handle: async (request: { headers: Record<string, string>; body: Uint8Array | string }) => {
        sent.push({
          operation: request.headers['x-amz-target']!.split('.')[1]!,
          input: JSON.parse(
            typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body),
          ),
        });
        const body = JSON.stringify({ Item: { pk: { S: 'A' } }, Items: [] });
        return {
          response: {
            statusCode: 200,
            headers: { 'content-type': 'application/x-amz-json-1.0' },
            body: Readable.from([Buffer.from(body)]),
          },
        };
      },
    } as never,
  });
  return { doc, sent };
};
