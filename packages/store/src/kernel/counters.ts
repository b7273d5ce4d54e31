import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { limitReached } from '@wattle/ports';
import type { DocumentClient } from './client.ts';
import { keys } from './keys.ts';
import type { Transaction } from './transaction.ts';

/** The label of a counter's move in a transaction. */
export type CounterLabel = `counter:${string}`;

/**
 * A list's total, kept by the transactions that add to or remove from the list. Lists that grow
 * with the whole merchant spread their count over shards, so no single item caps write throughput;
 * reading sums the shards.
 */
export interface Counter {
  listKey: string;
  shards: number;
}

export const merchantWideShards = 4;

export const counter = (listKey: string, shards = 1): Counter => ({ listKey, shards });

/** The label of a counter's move in a transaction: a limit's failed condition carries it. */
export const counterLabel = (c: Counter): CounterLabel => `counter:${c.listKey}`;

/**
 * Adds the counter move to the transaction that changes the list. With `atMost`, the move is
 * also the list's limit: the transaction fails with LimitReached when the list would
 * grow past it, so racing additions end with exactly `atMost` winners. Only for unsharded lists.
 */
export const countIn = <L extends string>(
  tx: Transaction<L | CounterLabel>,
  c: Counter,
  delta: number,
  atMost?: number,
): Transaction<L | CounterLabel> => {
  if (atMost !== undefined && c.shards !== 1) throw new Error('A limit needs an unsharded counter');
  // A transaction may name an item once: a second move of the counter in one change (two events
  // of one renewal, say) joins the first, whose shard may be the one this move would pick.
  const earlier = tx.updateLabelled(counterLabel(c))?.ExpressionAttributeValues;
  if (earlier) {
    earlier[':d'] = (earlier[':d'] as number) + delta;
    if (':room' in earlier) earlier[':room'] = (earlier[':room'] as number) - delta;
    return tx;
  }
  const limit =
    atMost === undefined
      ? {}
      : {
          ConditionExpression: 'attribute_not_exists(#n) OR #n <= :room',
          ExpressionAttributeValues: { ':d': delta, ':et': 'counter', ':room': atMost - delta },
        };
  tx.update(counterLabel(c), {
    Key: keys.counterShard(c.listKey, Math.floor(Math.random() * c.shards)),
    UpdateExpression: 'ADD #n :d SET #et = :et',
    ExpressionAttributeNames: { '#n': 'n', '#et': '_et' },
    ExpressionAttributeValues: { ':d': delta, ':et': 'counter' },
    ...limit,
  });
  return atMost === undefined ? tx : tx.refuse(counterLabel(c), limitReached(c.listKey, atMost));
};

export const readCount = async (doc: DocumentClient, tableName: string, c: Counter): Promise<number> => {
  const shardKeys = Array.from({ length: c.shards }, (_, shard) => keys.counterShard(c.listKey, shard));
  const result = await doc.send(
    new BatchGetCommand({ RequestItems: { [tableName]: { Keys: shardKeys, ConsistentRead: true } } }),
  );
  const items = result.Responses?.[tableName] ?? [];
  return items.reduce((sum, item) => sum + Number(item.n ?? 0), 0);
};
