import type { Scope } from '@wattle/domain';
import {
  type Condition,
  type FieldIs,
  limitReached,
  listKeyOf,
  type RecordRef,
  type RefusalOf,
  type SingleUseKind,
  type StoreWrite,
  type StoreWriter,
  unscopedRecords,
} from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import { debitIn } from '../world/money.ts';
import type { MemoryWorld } from '../world/world.ts';
import { SingleUseTokens } from './single-use-tokens.ts';

/**
 * A record of the generic writes: the fields written (the DynamoDB item's attributes, by the same
 * names), its version and its place in its list.
 */
export interface StoredRecord {
  [field: string]: unknown;
  ver?: number;
  sortKey?: string;
}

/** A record's id in its kind's table (a card under its customer's; an account by its id alone). */
export const recordId = (scope: Scope, ref: RecordRef): string =>
  unscopedRecords.has(ref.record)
    ? ref.token
    : ref.of === undefined
      ? scoped(scope, ref.token)
      : `${scoped(scope, ref.of)}#${ref.token}`;

/** The field at `path` of a record. */
const at = (record: StoredRecord, path: readonly string[]): unknown =>
  path.reduce<unknown>((value, name) => (value as Record<string, unknown> | undefined)?.[name], record);

/** Sets the field at `path` of a record, where the field holding it is there. */
const setAt = (record: StoredRecord, path: readonly string[], value: unknown): void => {
  const parent = at(record, path.slice(0, -1)) as Record<string, unknown> | undefined;
  if (parent) parent[path[path.length - 1]!] = value;
};

const is = (record: StoredRecord, { path, value }: FieldIs): boolean => at(record, path) === value;

/** Whether each part of a condition holds of a record that is there (a part every interpreter must know). */
const parts: {
  [K in keyof Condition]-?: (record: StoredRecord, part: NonNullable<Condition[K]>) => boolean;
} = {
  exists: () => true,
  version: (record, version) => record.ver === version,
  equals: (record, fields) => fields.every((field) => is(record, field)),
  atLeast: (record, fields) =>
    fields.every(({ path, value }) => {
      const found = at(record, path);
      return found !== undefined && (found as number) >= (value as number);
    }),
  noLaterThan: (record, fields) =>
    fields.every(({ path, value }) => {
      const found = at(record, path);
      return found === undefined || (found as string | number) <= value;
    }),
  oneOf: (record, { path, values }) => values.includes(at(record, path) as string | number),
  differs: (record, field) => !is(record, field),
  absent: (record, paths) => paths.every((path) => at(record, path) === undefined),
  present: (record, paths) => paths.every((path) => at(record, path) !== undefined),
  orGone: () => true,
};

/** Whether `when` holds of `record` (none holds of a record that is not there, but `orGone`). */
const holds = (record: StoredRecord | undefined, when: Condition | undefined): boolean => {
  if (!when) return true;
  if (!record) return when.orGone === true || Object.keys(when).length === 0;
  return (Object.keys(when) as (keyof Condition)[]).every(
    (key) => when[key] === undefined || parts[key](record, when[key] as never),
  );
};

/** A value into the world: objects copied, so no caller shares the world's. */
const into = (value: unknown): unknown => (typeof value === 'object' && value !== null ? copy(value) : value);

/**
 * The one interpreter of the generic writes (@wattle/ports' `StoreWrite`) in memory: each write's
 * check, then each write, in the list's order, as one Change (all or nothing, like a transaction).
 */
export class StoreWrites implements StoreWriter {
  /** One change holds any number of writes. */
  readonly room = Number.POSITIVE_INFINITY;
  private readonly tokens: Record<SingleUseKind, SingleUseTokens<{ token: string }>>;

  constructor(private readonly world: MemoryWorld) {
    this.tokens = {
      'card-token': new SingleUseTokens(world, 'card-token'),
      'payment-source': new SingleUseTokens(world, 'payment-source'),
      'bank-account-token': new SingleUseTokens(world, 'bank-account-token'),
    };
  }

  async commit(scope: Scope, writes: readonly StoreWrite[], now: Date): Promise<void> {
    this.addTo(new Change(), scope, writes, now).commit();
  }

  addTo(change: Change, scope: Scope, writes: readonly StoreWrite[], now: Date): Change {
    const { lists, jobs } = this.world;
    for (const write of writes) {
      switch (write.kind) {
        case 'create': {
          const table = this.world.table<StoredRecord>(write.ref.record);
          const id = recordId(scope, write.ref);
          change
            .check(
              () => {
                const found = table.get(id);
                return !found || (write.over !== undefined && holds(found, write.over));
              },
              refusalOf(write, table, id),
            )
            .write(() => {
              const record: StoredRecord = {};
              for (const [field, value] of Object.entries(write.fields)) record[field] = into(value);
              for (const listing of write.listed ?? []) {
                record.sortKey = listing.sortKey;
                lists.join(listKeyOf(scope, listing.in), listing.sortKey, id);
              }
              table.set(id, record);
            });
          break;
        }
        case 'update': {
          const { table, id } = this.guard(change, scope, write);
          change.write(() => {
            const record = table.get(id);
            if (!record) return;
            for (const [field, value] of Object.entries(write.set)) record[field] = into(value);
            for (const [field, value] of Object.entries(write.setOnce ?? {})) record[field] ??= into(value);
            for (const { path, value } of write.setAt ?? []) setAt(record, path, into(value));
            for (const { path, by } of write.add ?? [])
              setAt(record, path, ((at(record, path) as number) ?? 0) + by);
            for (const path of write.unset ?? []) {
              const parent = at(record, path.slice(0, -1)) as Record<string, unknown> | undefined;
              if (parent) delete parent[path[path.length - 1]!];
            }
            if (write.bump) record.ver = (record.ver ?? 0) + 1;
            if (write.leaves && record.sortKey !== undefined)
              lists.leave(listKeyOf(scope, write.leaves), record.sortKey);
          });
          break;
        }
        case 'delete': {
          const { table, id } = this.guard(change, scope, write);
          change.write(() => {
            const record = table.get(id);
            if (!record) return;
            table.delete(id);
            const { sortKey } = record;
            if (write.leaves && sortKey !== undefined)
              for (const list of [write.leaves].flat()) lists.leave(listKeyOf(scope, list), sortKey);
          });
          break;
        }
        case 'count': {
          const list = listKeyOf(scope, write.list);
          const { atMost } = write;
          if (atMost !== undefined)
            change.check(() => lists.count(list) + write.by <= atMost, limitReached(list, atMost));
          change.write(() => lists.move(list, write.by));
          break;
        }
        case 'drop-count':
          change.write(() => lists.dropCount(listKeyOf(scope, write.list)));
          break;
        case 'liveness':
          // One change at a time: the record itself says whether it is live (no `deletingSince`).
          break;
        case 'use-token':
          this.tokens[write.token].consumeIn(change, scope, write.value, now);
          break;
        case 'event':
          this.world.outbox.recordIn(change, write.scope ?? scope, write.event, now);
          break;
        case 'schedule-job':
          jobs.scheduleIn(change, write.job);
          break;
        case 'claim-job':
          jobs.claimIn(change, write.job);
          break;
        case 'advance-job':
          jobs.advanceIn(change, write.job, write.next);
          break;
        case 'debit':
          debitIn(this.world, change, scope, write.currency, write.amount, {
            ...write.debit,
            refused: write.refusal,
          });
          break;
        case 'cancel-job':
          // Never kept here as DynamoDB kept timed jobs before their due time named them (null).
          if (write.dueAt !== null) jobs.cancelIn(change, write.job, scope, write.token, write.dueAt);
          break;
      }
    }
    return change;
  }

  /** The check of a write's condition on its record, and where the record is. */
  private guard(
    change: Change,
    scope: Scope,
    write: { ref: RecordRef; when?: Condition | undefined; refusal?: RefusalOf | undefined },
  ): { table: Map<string, StoredRecord>; id: string } {
    const table = this.world.table<StoredRecord>(write.ref.record);
    const id = recordId(scope, write.ref);
    change.check(() => holds(table.get(id), write.when), refusalOf(write, table, id));
    return { table, id };
  }
}

/** What a failed check throws: the write's refusal from the record as it is, else a bug's ConditionFailed. */
const refusalOf = (
  write: { ref: RecordRef; refusal?: RefusalOf | undefined },
  table: Map<string, StoredRecord>,
  id: string,
): (() => Error) | string => {
  const { refusal } = write;
  return refusal ? () => refusal(table.get(id)) : write.ref.record;
};
