import { DocumentClient } from '@wattle/store/dynamodb';
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

  it("observes a client's calls: the input it sends on, an error instead, its answer; unwrapped, none", async () => {
    const doc = new DocumentClient({ region: 'local' });
    const sent: unknown[] = [];
    doc.call = async (operation, input) => {
      sent.push({ operation, input });
      return { answered: operation };
    };
    const own = doc.call;
    const seen: unknown[] = [];
    const unwrap = observeCalls(doc, async (call, send) => {
      if (call.operation === 'Scan') throw new Error('refused');
      const output = await send({ ...call.input, ReturnConsumedCapacity: 'TOTAL' });
      seen.push({ ...call, output });
      return { ...output, observed: true };
    });
    expect(await doc.call('GetItem', { Key: key('A', 'P') })).toEqual({
      answered: 'GetItem',
      observed: true,
    });
    await expect(doc.call('Scan', {})).rejects.toThrow('refused');
    expect(sent).toEqual([
      { operation: 'GetItem', input: { Key: key('A', 'P'), ReturnConsumedCapacity: 'TOTAL' } },
    ]);
    expect(seen).toEqual([
      { operation: 'GetItem', input: { Key: key('A', 'P') }, output: { answered: 'GetItem' } },
    ]);
    unwrap();
    expect(doc.call).toBe(own);
  });

  it("observes every client through the prototype, and gives a client back the prototype's call", () => {
    const prototypeCall = DocumentClient.prototype.call;
    const unwrapAll = observeCalls(DocumentClient.prototype, (_, send) => send({}));
    expect(DocumentClient.prototype.call).not.toBe(prototypeCall);
    unwrapAll();
    expect(DocumentClient.prototype.call).toBe(prototypeCall);

    const doc = new DocumentClient({ region: 'local' });
    const unwrap = observeCalls(doc, (_, send) => send({}));
    expect(Object.hasOwn(doc, 'call')).toBe(true);
    unwrap();
    expect(Object.hasOwn(doc, 'call')).toBe(false);
    expect(doc.call).toBe(prototypeCall);
  });
});
