import { randomUUID } from 'node:crypto';
import { GetItemCommand, type TransactWriteItem, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { useTable } from '../helpers/table.ts';

const table = useTable();

/**
 * The store's commit sends each transaction with one client request token across its retries
 * (packages/store/src/kernel/transaction.ts), as the SDK does across its own: a retry of a
 * transaction that was written but answered late must write nothing again. AWS does so for ten
 * minutes; the local stack's DynamoDB Local must too, or a retry there would add twice what AWS
 * adds once. (moto does not: the rehearsal's launcher adds it, and the rehearsal checks it.)
 */
describe('a transaction sent again with its client request token', () => {
  const Key = { pk: { S: `TOKEN#${randomUUID()}` }, sk: { S: 'COUNT' } };
  const addOne = (): TransactWriteItem[] => [
    {
      Update: {
        TableName: table.tableName,
        Key,
        UpdateExpression: 'ADD n :one',
        ExpressionAttributeValues: { ':one': { N: '1' } },
      },
    },
  ];
  const count = async () =>
    (await table.raw.send(new GetItemCommand({ TableName: table.tableName, Key, ConsistentRead: true }))).Item
      ?.n?.N;

  it('succeeds and writes nothing again on DynamoDB Local', async () => {
    const ClientRequestToken = randomUUID();
    await table.raw.send(new TransactWriteItemsCommand({ TransactItems: addOne(), ClientRequestToken }));
    await table.raw.send(new TransactWriteItemsCommand({ TransactItems: addOne(), ClientRequestToken }));
    expect(await count()).toBe('1');
    await table.raw.send(
      new TransactWriteItemsCommand({ TransactItems: addOne(), ClientRequestToken: randomUUID() }),
    );
    expect(await count()).toBe('2');
  });
});
