import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from './client.ts';

type Item = Record<string, unknown>;

/** A Query's items, one page of `pageSize` (or DynamoDB's 1 MB) at a time, as they are asked for. */
export async function* queryItems(
  doc: DocumentClient,
  input: QueryCommandInput,
  pageSize?: number,
): AsyncGenerator<Item> {
  let start: Item | undefined;
  do {
    const page = await doc.send(new QueryCommand({ ...input, Limit: pageSize, ExclusiveStartKey: start }));
    yield* page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}

/**
 * Merges streams that are each in order into one in that order (`before(a, b)`: a comes first),
 * reading each stream only as far as the merged order reaches it. What spreads one ordered
 * sequence over several partitions (sharded lists, credit entries) reads it back with this.
 */
export async function* mergeSorted<T>(
  streams: AsyncIterator<T>[],
  before: (a: T, b: T) => boolean,
): AsyncGenerator<T> {
  const heads = await Promise.all(streams.map((stream) => stream.next()));
  for (;;) {
    let first = -1;
    for (const [i, head] of heads.entries()) {
      if (head.done) continue;
      const best = heads[first];
      if (!best || best.done || before(head.value, best.value)) first = i;
    }
    const head = heads[first];
    if (!head || head.done) return;
    yield head.value;
    heads[first] = await streams[first]!.next();
  }
}
