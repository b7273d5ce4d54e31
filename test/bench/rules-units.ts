/**
 * Write units of one recorded request by DynamoDB's rules (what AWS bills), beside what DynamoDB
 * Local reports. Local does not count transactions by those rules: it reports twice the sum of the
 * DISTINCT unit values of a transaction's items (eight 100-byte items: 2; 100 B and 1,100 B: 6),
 * likewise per index. AWS counts every item of a transaction at 2 × ceil(size / 1 KB), and every
 * index entry written or removed likewise (projection ALL: the entry is the whole item).
 *
 * Sizes come from the request's own writes (a Put's item) and, for what it updated, from the item
 * read back (GetItem) right after the request: an update costs the larger of the item before and
 * after, a delete the item before. A delete of an item the request did not write itself is
 * counted at 1 unit (its size is not known after the fact), and so are its index entries (none).
 */
import { type AttributeValue, type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { globalIndexes } from '../../packages/store/src/kernel/table.ts';
import { actionNames, itemWrites, type ItemKey as Key } from '../helpers/dynamodb-calls.ts';
import type { Recording } from './ddb-recorder.ts';
import { itemSize, writeUnits } from './item-size.ts';

type Item = Record<string, AttributeValue>;
/** An item as item-size.ts sizes it. */
const sizeOf = (item: Item): number => itemSize(item as unknown as Parameters<typeof itemSize>[0]);

/** One item written: what it is, its size, the indexes it touched and the units it cost. */
export interface WrittenItem {
  action: 'put' | 'update' | 'delete' | 'check';
  /** `S#ch_… / PAYMENT`: its key with the merchant scope as S and tokens elided. */
  item: string;
  bytes: number;
  /** Index entries written or removed (`gsi1`, `gsi3 −`). */
  indexes: string[];
  units: number;
  indexUnits: number;
  /** Why the size is a guess, when it is. */
  note?: string;
}

export interface RulesCost {
  writeUnits: number;
  indexWriteUnits: number;
  items: WrittenItem[];
}

const keyOf = (key: Key): string => `${key.pk.S}\u0000${key.sk.S}`;

/** The item's key for people: the scope as S, each token as its prefix. */
export const itemLabel = (key: Key): string =>
  `${key.pk.S} / ${key.sk.S}`
    .replace(/acct_[A-Za-z0-9_-]+#(test|live)/g, 'S')
    .replace(/\b([a-z]{2,5})_[A-Za-z0-9_-]{8,}/g, '$1_…')
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')
    .replace(/\d{4}-\d\d-\d\d/g, '<day>');

const indexesOf = (item: Item | undefined) =>
  globalIndexes.filter((index) => item?.[index.partitionKey]?.S && item[index.sortKey]?.S);

/** The keys to read back after the request: what it updated or checked. */
export const keysToReadBack = (recording: Recording): Key[] => {
  const found = new Map<string, Key>();
  for (const call of recording.calls)
    for (const w of itemWrites(call.command, call.input))
      if (w.action === 'Update' || w.action === 'ConditionCheck') found.set(keyOf(w.key), w.key);
  return [...found.values()];
};

/** Reads back (consistently) the items the request updated or checked, by key. */
export const readBack = async (
  client: DynamoDBClient,
  tableName: string,
  recording: Recording,
): Promise<Map<string, Item | undefined>> => {
  const items = new Map<string, Item | undefined>();
  for (const key of keysToReadBack(recording)) {
    const result = await client.send(
      new GetItemCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
    );
    items.set(keyOf(key), result.Item);
  }
  return items;
};

/** Write units by DynamoDB's rules of `recording`, with the items read back after it (readBack). */
export const unitsByRules = (recording: Recording, after: Map<string, Item | undefined>): RulesCost => {
  const cost: RulesCost = { writeUnits: 0, indexWriteUnits: 0, items: [] };
  // Items as this request left them so far: a later update or delete of one is sized from it.
  const known = new Map<string, Item | undefined>();
  for (const call of recording.calls) {
    if (call.error) continue;
    for (const w of itemWrites(call.command, call.input)) {
      const action = actionNames[w.action];
      const inTransaction = w.inTransaction;
      const id = keyOf(w.key);
      const before = known.get(id);
      const beforeKnown = known.has(id);
      let now: Item | undefined;
      let bytes: number;
      let note: string | undefined;
      if (action === 'put') {
        now = w.item;
        bytes = sizeOf(now as Item);
      } else if (action === 'delete') {
        now = undefined;
        bytes = before ? sizeOf(before) : 0;
        if (!beforeKnown) note = 'deleted item not written by this request: counted at 1 unit';
      } else {
        now = action === 'check' ? (before ?? after.get(id)) : after.get(id);
        bytes = Math.max(before ? sizeOf(before) : 0, now ? sizeOf(now) : 0);
        if (!now) note = 'not found when read back: counted at 1 unit';
      }
      known.set(id, now);
      const units = writeUnits(bytes, inTransaction);
      const indexes: string[] = [];
      let indexUnits = 0;
      if (action !== 'check') {
        const was = indexesOf(before);
        const is = indexesOf(now);
        for (const index of is) {
          indexes.push(index.name);
          indexUnits += writeUnits(sizeOf(now as Item), inTransaction);
        }
        for (const index of was) {
          const moved =
            now?.[index.sortKey]?.S !== before?.[index.sortKey]?.S ||
            now?.[index.partitionKey]?.S !== before?.[index.partitionKey]?.S;
          // An entry taken out, or moved (removed from its old place, written at the new one).
          if (!is.includes(index) || moved) {
            indexes.push(`${index.name} −`);
            indexUnits += writeUnits(sizeOf(before as Item), inTransaction);
          }
        }
      }
      cost.writeUnits += units + indexUnits;
      cost.indexWriteUnits += indexUnits;
      cost.items.push({
        action,
        item: itemLabel(w.key),
        bytes,
        indexes,
        units: units + indexUnits,
        indexUnits,
        ...(note ? { note } : {}),
      });
    }
  }
  return cost;
};
