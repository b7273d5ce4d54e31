/**
 * Every write a burst of requests made, attributed to the partitions that take it: the table's
 * (by partition key) and each global secondary index's (by the index's partition key), in write
 * units by DynamoDB's rules (item-size.ts). DynamoDB allows one partition 1,000 write units a
 * second, whatever the table's capacity, so a partition that every charge of a merchant writes
 * caps that merchant at 1,000 ÷ (its units per charge) charges a second. A transaction's condition
 * check counts as a write of its item: AWS's documentation does not say whether it takes the
 * item's write or read capacity, and DynamoDB Local reports none, so the census takes the
 * stricter until a deployed table's `ReturnConsumedCapacity: INDEXES` settles it.
 */
import type { GlobalSecondaryIndex } from '@aws-sdk/client-dynamodb';
import { itemWrites } from '../helpers/dynamodb-calls.ts';
import { itemSize, writeUnits } from './item-size.ts';

type Item = Record<string, Record<string, unknown>>;

interface Write {
  key: Item;
  /** The whole item, for a Put. */
  item: Item | null;
  deletes: boolean;
  /** A transaction's condition check: billed on its item as a write, writing no index entry. */
  checks: boolean;
  inTransaction: boolean;
}

/** The units one partition took, and how many writes. */
export interface PartitionLoad {
  /** `table` or the index's name. */
  on: string;
  /** An index's partition key; on the table, an item's `pk / sk`, or the pk of items appended in time order. */
  partition: string;
  units: number;
  writes: number;
}

const keyText = (key: Item): string => `${(key.pk as { S: string }).S}\u0000${(key.sk as { S: string }).S}`;
const text = (value: unknown): string | null => (value as { S?: string } | undefined)?.S ?? null;

/**
 * What takes a table write's load: the item, as DynamoDB splits a busy partition between items
 * (its tables have no local index) so that only one item's 1,000 units a second bind, except
 * where items are appended in time order (sort key starting with a time): every write then lands
 * at the end of the key range, no split relieves it, and the partition key's limit binds.
 */
const tableUnit = (key: Item): string => {
  const pk = text(key.pk) ?? '';
  const sk = text(key.sk) ?? '';
  return /^\d{4}-\d{2}-\d{2}T/.test(sk) ? pk : `${pk} / ${sk}`;
};

export class WriteCensus {
  private readonly writes: Write[] = [];

  constructor(private readonly indexes: GlobalSecondaryIndex[]) {}

  /** One write call as the SDK sent it (marshalled), its condition checks included. */
  record(command: string, input: Record<string, unknown>): void {
    for (const write of itemWrites(command, input)) {
      this.writes.push({
        key: write.key as unknown as Item,
        item: (write.item as unknown as Item | undefined) ?? null,
        deletes: write.action === 'Delete',
        checks: write.action === 'ConditionCheck',
        inTransaction: write.inTransaction,
      });
    }
  }

  get count(): number {
    return this.writes.length;
  }

  /**
   * The load on each partition. `readBack` gives an item as it is now (after the burst), to size
   * updates and to see which lists an updated item is in; a deleted item is sized by the last Put
   * the census saw of it (at least one unit otherwise).
   */
  async loads(readBack: (key: Item) => Promise<Item | undefined>): Promise<PartitionLoad[]> {
    const lastPut = new Map<string, Item>();
    for (const write of this.writes) if (write.item) lastPut.set(keyText(write.key), write.item);
    const now = new Map<string, Item | undefined>();
    for (const write of this.writes) {
      const k = keyText(write.key);
      if (!write.item && !write.deletes && !now.has(k)) now.set(k, await readBack(write.key));
    }
    const loads = new Map<string, PartitionLoad>();
    const add = (on: string, partition: string, units: number) => {
      const id = `${on}\u0000${partition}`;
      const load = loads.get(id) ?? { on, partition, units: 0, writes: 0 };
      load.units += units;
      load.writes += 1;
      loads.set(id, load);
    };
    for (const write of this.writes) {
      const k = keyText(write.key);
      const item = write.item ?? (write.deletes ? lastPut.get(k) : (now.get(k) ?? lastPut.get(k)));
      const size = item ? itemSize(item) : 0;
      add('table', tableUnit(write.key), writeUnits(size, write.inTransaction));
      if (!item || write.checks) continue;
      for (const index of this.indexes) {
        const [hash] = index.KeySchema ?? [];
        const partition = hash?.AttributeName ? text(item[hash.AttributeName]) : null;
        if (!partition) continue;
        add(
          index.IndexName ?? '',
          partition,
          writeUnits(this.projectedSize(index, item), write.inTransaction),
        );
      }
    }
    return [...loads.values()];
  }

  private projectedSize(index: GlobalSecondaryIndex, item: Item): number {
    const projection = index.Projection?.ProjectionType ?? 'ALL';
    if (projection === 'ALL') return itemSize(item);
    const names = new Set(['pk', 'sk', ...(index.KeySchema ?? []).map((k) => k.AttributeName ?? '')]);
    if (projection === 'INCLUDE')
      for (const name of index.Projection?.NonKeyAttributes ?? []) names.add(name);
    return itemSize(Object.fromEntries(Object.entries(item).filter(([name]) => names.has(name))));
  }
}

/**
 * A partition key with the merchant's scope and the tokens, times and shard numbers in it
 * replaced, so partitions of one kind (every charge's own, the four counter shards) group.
 */
export const partitionPattern = (partition: string, scope: string): string =>
  partition
    .replaceAll(scope, 'S')
    .replace(/\b([a-z]+)_[A-Za-z0-9_-]{16,}/g, '<$1>')
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '<time>')
    .replace(/\d{4}-\d{2}-\d{2}/g, '<day>')
    .replace(/#\d+$/, '#<n>')
    .replace(/ \/ \d+$/, ' / <n>');
