import {
  DeleteItemCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  type TransactWriteItem,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import { streamRecords } from './background.ts';
import type { RehearsalContext } from './context.ts';

/**
 * moto as patched (scripts/moto/launch.py) honours a transaction's ClientRequestToken as AWS does,
 * which the functions rely on when the SDK retries a transaction whose first attempt was written
 * but answered late (a delivery lease, a charge's record): the same token and items a second time
 * succeed and write nothing again; the same token with other items is refused.
 */
export const checkTransactionTokens = async (context: RehearsalContext): Promise<void> => {
  const ddb = new DynamoDBClient({ ...context.administrator.clientConfig, maxAttempts: 1 });
  const TableName = context.stack.tableName;
  const Key = { pk: { S: 'REHEARSAL#transaction-token' }, sk: { S: 'REHEARSAL' } };
  const put = (count: number): TransactWriteItem[] => [
    {
      Put: {
        TableName,
        // A binary attribute too, as a card's sealed data is.
        Item: { ...Key, count: { N: String(count) }, sealed: { B: new Uint8Array([0, 1, 2]) } },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  const ClientRequestToken = crypto.randomUUID();
  try {
    await ddb.send(new TransactWriteItemsCommand({ TransactItems: put(1), ClientRequestToken }));
    await ddb.send(new TransactWriteItemsCommand({ TransactItems: put(1), ClientRequestToken }));
    const mismatch = await ddb
      .send(new TransactWriteItemsCommand({ TransactItems: put(2), ClientRequestToken }))
      .then(
        () => 'accepted',
        (error: Error) => error.name,
      );
    const kept = await ddb.send(new GetItemCommand({ TableName, Key, ConsistentRead: true }));
    const ok = mismatch === 'IdempotentParameterMismatchException' && kept.Item?.count?.N === '1';
    context.report(
      ok,
      `a transaction sent again with its client token succeeds without writing again; with other items: ${mismatch}`,
    );
  } catch (error) {
    context.report(false, `a transaction sent again with its client token: ${(error as Error).message}`);
  } finally {
    await ddb.send(new DeleteItemCommand({ TableName, Key }));
  }
};

/**
 * A cancelled transaction leaves nothing, in the table or in its stream: moto as patched backs a
 * transaction up without the stream's records (scripts/moto/launch.py) and takes back the records
 * a cancelled one added, so the Pipe never sees an event that was not written.
 */
export const checkCancelledTransaction = async (context: RehearsalContext): Promise<void> => {
  const ddb = new DynamoDBClient({ ...context.administrator.clientConfig, maxAttempts: 1 });
  const TableName = context.stack.tableName;
  const Key = { pk: { S: `REHEARSAL#cancelled#${crypto.randomUUID()}` }, sk: { S: 'REHEARSAL' } };
  const ofThisCheck = (records: Awaited<ReturnType<typeof streamRecords>>) =>
    records.filter((record) => record.dynamodb?.Keys?.pk?.S === Key.pk.S).length;
  try {
    const streamArn = (await ddb.send(new DescribeTableCommand({ TableName }))).Table!.LatestStreamArn!;
    const before = (await streamRecords(context, streamArn)).length;
    const answer = await ddb
      .send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName, Item: { ...Key, count: { N: '1' } } } },
            {
              ConditionCheck: {
                TableName,
                Key: { pk: { S: 'REHEARSAL#absent' }, sk: { S: 'REHEARSAL' } },
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
          ],
        }),
      )
      .then(
        () => 'written',
        (error: Error) => error.name,
      );
    const after = await streamRecords(context, streamArn);
    const kept = await ddb.send(new GetItemCommand({ TableName, Key, ConsistentRead: true }));
    context.report(
      answer === 'TransactionCanceledException' &&
        kept.Item === undefined &&
        after.length === before &&
        ofThisCheck(after) === 0,
      `a cancelled transaction (${answer}) leaves its put out of the table (${kept.Item ? 'written' : 'absent'}) and out of the stream (${after.length - before} records more)`,
    );
  } catch (error) {
    context.report(false, `a cancelled transaction: ${(error as Error).message}`);
  }
};
