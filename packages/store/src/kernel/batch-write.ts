import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from './client.ts';

/** DynamoDB's most requests in one BatchWriteItem. */
const batchSize = 25;

/** One put or delete of a BatchWriteItem, in the document client's form. */
export type WriteRequest = Record<string, unknown>;

/**
 * Every request of `requests` written to `tableName`, 25 to a BatchWriteItem in order, the items
 * DynamoDB leaves unprocessed (throttled) sent again after a doubling pause (25 ms up to 1 s).
 */
export const batchWriteAll = async (
  doc: DocumentClient,
  tableName: string,
  requests: readonly WriteRequest[],
): Promise<void> => {
  for (let offset = 0; offset < requests.length; offset += batchSize) {
    let pending = requests.slice(offset, offset + batchSize);
    for (let attempt = 0; pending.length > 0; attempt++) {
      const result = await doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (result.UnprocessedItems?.[tableName] ?? []) as WriteRequest[];
      if (pending.length > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
    }
  }
};
