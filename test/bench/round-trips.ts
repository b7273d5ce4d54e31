/** What one recorded request cost DynamoDB: round trips, commands and capacity units. */
import { isWrite, itemWrites } from '../helpers/dynamodb-calls.ts';
import type { Consumed, RecordedCall, Recording } from './ddb-recorder.ts';
import type { RulesCost } from './rules-units.ts';
import { groupsOf } from './storage-floor.ts';

export interface Cost {
  roundTrips: number;
  /** Round trips one after another (calls made side by side count once). */
  sequentialSteps: number;
  /** `TransactWriteItems ×2, GetItem` in call order. */
  commands: string;
  readUnits: number;
  writeUnits: number;
  /** Of writeUnits, those spent on the global secondary indexes. */
  indexWriteUnits: number;
  /** Items written (puts, updates, deletes, transaction members that are not condition checks). */
  itemWrites: number;
  /** Write units by DynamoDB's rules (rules-units.ts), with the items written; absent if not sized. */
  byRules?: RulesCost;
  errors: string[];
}

/** Items written: a transaction's condition checks write none. */
const itemWritesOf = (call: RecordedCall): number =>
  itemWrites(call.command, call.input).filter((write) => write.action !== 'ConditionCheck').length;

const units = (consumed: Consumed, write: boolean) => {
  const total = consumed.CapacityUnits ?? 0;
  const read = consumed.ReadCapacityUnits ?? (write ? 0 : total);
  const written = consumed.WriteCapacityUnits ?? (write ? total : 0);
  const index = Object.values(consumed.GlobalSecondaryIndexes ?? {}).reduce(
    (sum, gsi) => sum + (gsi.WriteCapacityUnits ?? (write ? (gsi.CapacityUnits ?? 0) : 0)),
    0,
  );
  return { read, written, index };
};

/** `A, B ×2, C` from consecutive repeats. */
const commandList = (names: string[]): string => {
  const runs: [string, number][] = [];
  for (const name of names) {
    const last = runs.at(-1);
    if (last && last[0] === name) last[1]++;
    else runs.push([name, 1]);
  }
  return runs.map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(', ');
};

/** The cost of `recording`; `byRules` its write units by DynamoDB's rules, when they were sized. */
export const costOf = (recording: Recording, byRules?: RulesCost): Cost => {
  const cost: Cost = {
    roundTrips: recording.calls.length,
    sequentialSteps: groupsOf(recording.calls).length,
    commands: commandList(recording.calls.map((c) => c.command)),
    readUnits: 0,
    writeUnits: 0,
    indexWriteUnits: 0,
    itemWrites: 0,
    errors: recording.calls.flatMap((c) => (c.error ? [`${c.command}: ${c.error}`] : [])),
    ...(byRules ? { byRules } : {}),
  };
  for (const call of recording.calls) {
    cost.itemWrites += itemWritesOf(call);
    for (const consumed of call.consumed) {
      const u = units(consumed, isWrite(call.command));
      cost.readUnits += u.read;
      cost.writeUnits += u.written;
      cost.indexWriteUnits += u.index;
    }
  }
  return cost;
};

/** A cost without the byte sizes of its items (a counter's grows by a byte now and then). */
const comparable = (cost: Cost) => ({
  ...cost,
  byRules: cost.byRules && { ...cost.byRules, items: cost.byRules.items.map(({ bytes: _, ...i }) => i) },
});

/** Whether two costs are the same (the numbers are meant to be deterministic). */
export const sameCost = (a: Cost, b: Cost): boolean =>
  JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));
