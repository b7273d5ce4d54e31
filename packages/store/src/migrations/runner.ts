import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { StoreContext } from '../kernel/context.ts';
import { ConditionFailedError, StoreError } from '../kernel/errors.ts';
import { entityTypeAttribute } from '../kernel/table.ts';

/**
 * A change of the table's stored data, in code: it visits the items a Scan's filter selects, one at
 * a time, and says what it did with each (an outcome the runner counts: `moved`, `current`…).
 * Each visit must be idempotent and safe while the API and the scheduler run, old code and new
 * (each write conditioned on what it read): a visit repeated after a crash, or by a second runner,
 * finds the item migrated and changes nothing.
 */
export interface Migration {
  /** The table's version once this one has run: 1, 2, 3… in the registry's order. */
  version: number;
  /** Its name, for the operator (`due-partitions`). */
  id: string;
  /** One line: what it changes. */
  summary: string;
  /** The items it visits: a Scan filter on them (and its names and values). */
  filter: {
    FilterExpression: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  };
  visit(ctx: StoreContext, item: Record<string, unknown>): Promise<string>;
  /**
   * Undoes `visit` on one item (the same filter's), as idempotent and as safe beside live code;
   * none when there is nothing to undo (what it wrote is harmless to the release before).
   */
  revert?(ctx: StoreContext, item: Record<string, unknown>): Promise<string>;
}

/** A Scan filter on the items of one type (`_et`): what a migration visits, most often. */
export const itemsOfType = (type: string): Migration['filter'] => ({
  FilterExpression: '#et = :type',
  ExpressionAttributeNames: { '#et': entityTypeAttribute },
  ExpressionAttributeValues: { ':type': type },
});

/**
 * A visit's outcome: `done` when its transaction landed, `gone` when an item it was conditioned on
 * changed first (its job claimed or cancelled, its endpoint deleted, its marker's fan-out ended).
 */
export const landed = async (done: string, commit: () => Promise<void>): Promise<string> => {
  try {
    await commit();
    return done;
  } catch (error) {
    if (error instanceof ConditionFailedError) return 'gone';
    throw error;
  }
};

export type MigrationState = 'pending' | 'running' | 'done' | 'reverting';

/** Where a migration is: its progress item (`TABLE`/`MIGRATION#<version>`). */
export interface MigrationProgress {
  version: number;
  id: string;
  summary: string;
  state: MigrationState;
  /** Items visited, by outcome. */
  counts: Record<string, number>;
  /** Where its Scan goes on from (the last page's LastEvaluatedKey), while running. */
  cursor?: Record<string, unknown>;
  startedAt?: string;
  doneAt?: string;
}

export interface TableStatus {
  /** The version of the last migration done (0: none). */
  version: number;
  migrations: MigrationProgress[];
}

export interface RunOptions {
  /** Items a Scan page reads (progress is saved after each page): 100 unless said. */
  pageSize?: number;
  /** Told after each page is done and saved. */
  onPage?: (progress: MigrationProgress) => void;
  /** The time recorded on the progress items. */
  now?: () => Date;
}

/** Adds a page's outcomes to the counts so far. */
const addCounts = (counts: Record<string, number>, outcomes: Record<string, number>): void => {
  for (const [outcome, n] of Object.entries(outcomes)) counts[outcome] = (counts[outcome] ?? 0) + n;
};

/** The partition of the table's own records: its version and each migration's progress. */
const tablePk = 'TABLE';
const versionKey = { pk: tablePk, sk: 'VERSION' };
const progressKey = (version: number) => ({
  pk: tablePk,
  sk: `MIGRATION#${String(version).padStart(4, '0')}`,
});

/** Checks the registry: versions 1, 2, 3… in order, each once. */
export const checkedRegistry = (migrations: readonly Migration[]): readonly Migration[] => {
  migrations.forEach((migration, at) => {
    if (migration.version !== at + 1)
      throw new StoreError(`Migration ${migration.id} is version ${migration.version}, not ${at + 1}`);
  });
  return migrations;
};

const progressOf = (migration: Migration, item: Record<string, unknown> | undefined): MigrationProgress => ({
  version: migration.version,
  id: migration.id,
  summary: migration.summary,
  state: (item?.state as MigrationState | undefined) ?? 'pending',
  counts: (item?.counts as Record<string, number> | undefined) ?? {},
  ...(item?.cursor ? { cursor: item.cursor as Record<string, unknown> } : {}),
  ...(item?.startedAt ? { startedAt: item.startedAt as string } : {}),
  ...(item?.doneAt ? { doneAt: item.doneAt as string } : {}),
});

/** The table's version and where each migration of `migrations` is (one Query of `TABLE`). */
export const tableStatus = async (
  ctx: StoreContext,
  migrations: readonly Migration[],
): Promise<TableStatus> => {
  const items = new Map<string, Record<string, unknown>>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ctx.doc.send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': tablePk },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) items.set(item.sk as string, item);
    start = page.LastEvaluatedKey;
  } while (start);
  return {
    version: (items.get(versionKey.sk)?.version as number | undefined) ?? 0,
    migrations: migrations.map((migration) =>
      progressOf(migration, items.get(progressKey(migration.version).sk)),
    ),
  };
};

/**
 * Runs every migration of `migrations` not done yet, in order, each from where it stopped: its
 * Scan goes on from the cursor its progress item holds, and the item is saved after every page. A
 * migration done moves the table's version up to its own. Throws what a visit throws, the progress
 * of the pages before it kept: running again resumes there.
 */
export const runMigrations = async (
  ctx: StoreContext,
  migrations: readonly Migration[],
  options: RunOptions = {},
): Promise<TableStatus> => {
  const now = options.now ?? (() => new Date());
  for (const migration of checkedRegistry(migrations)) {
    const found = await ctx.doc.send(
      new GetCommand({ TableName: ctx.tableName, Key: progressKey(migration.version), ConsistentRead: true }),
    );
    const progress = progressOf(migration, found.Item);
    if (progress.state === 'done') continue;
    // A rollback stopped half way: its cursor is the revert's, so this run starts from the top.
    if (progress.state === 'reverting') {
      delete progress.cursor;
      progress.counts = {};
    }
    progress.state = 'running';
    progress.startedAt ??= now().toISOString();
    await save(ctx, progress, now());
    await visitFrom(ctx, migration, progress.cursor, options.pageSize, async (outcomes, cursor) => {
      addCounts(progress.counts, outcomes);
      if (cursor) progress.cursor = cursor;
      else {
        delete progress.cursor;
        progress.state = 'done';
        progress.doneAt = now().toISOString();
      }
      await save(ctx, progress, now());
      options.onPage?.({ ...progress, counts: { ...progress.counts } });
    });
    await ctx.doc
      .send(
        new UpdateCommand({
          TableName: ctx.tableName,
          Key: versionKey,
          UpdateExpression: 'SET version = :v, updatedAt = :at, #et = :et',
          ConditionExpression: 'attribute_not_exists(version) OR version < :v',
          ExpressionAttributeNames: { '#et': '_et' },
          ExpressionAttributeValues: {
            ':v': migration.version,
            ':at': now().toISOString(),
            ':et': 'table_version',
          },
        }),
      )
      .catch((error: unknown) => {
        // Another runner recorded this version (or a later one) first.
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      });
  }
  return tableStatus(ctx, migrations);
};

/**
 * Undoes the migrations of `migrations` above version `to`, the latest first, each from where a
 * rollback stopped (its progress says `reverting`, with the revert's cursor): every item visited
 * with its `revert`, then its progress item deleted (pending again) and the table's version set
 * below it. For a rollback of the code to a release that reads the form before
 * (docs/operations/runbook.md): run it once that release is deployed.
 */
export const revertMigrations = async (
  ctx: StoreContext,
  migrations: readonly Migration[],
  to: number,
  options: RunOptions = {},
): Promise<TableStatus> => {
  const now = options.now ?? (() => new Date());
  for (const migration of [...checkedRegistry(migrations)].reverse()) {
    if (migration.version <= to) break;
    const found = await ctx.doc.send(
      new GetCommand({ TableName: ctx.tableName, Key: progressKey(migration.version), ConsistentRead: true }),
    );
    const progress = progressOf(migration, found.Item);
    if (progress.state === 'pending') continue;
    if (progress.state !== 'reverting') {
      delete progress.cursor;
      progress.counts = {};
      progress.state = 'reverting';
      await save(ctx, progress, now());
    }
    const revert = migration.revert;
    if (revert) {
      const undo: Migration = { ...migration, visit: revert };
      await visitFrom(ctx, undo, progress.cursor, options.pageSize, async (outcomes, cursor) => {
        addCounts(progress.counts, outcomes);
        if (cursor) progress.cursor = cursor;
        else delete progress.cursor;
        await save(ctx, progress, now());
        options.onPage?.({ ...progress, counts: { ...progress.counts } });
      });
    }
    await ctx.doc.send(
      new PutCommand({
        TableName: ctx.tableName,
        Item: {
          ...versionKey,
          _et: 'table_version',
          version: migration.version - 1,
          updatedAt: now().toISOString(),
        },
      }),
    );
    await ctx.doc.send(new DeleteCommand({ TableName: ctx.tableName, Key: progressKey(migration.version) }));
  }
  return tableStatus(ctx, migrations);
};

/**
 * Visits the items of `migration` from `cursor` (the start when undefined) to the Scan's end, page
 * by page; after each page `pageDone` gets its outcomes and where the next starts (none: the end).
 */
const visitFrom = async (
  ctx: StoreContext,
  migration: Migration,
  cursor: Record<string, unknown> | undefined,
  pageSize = 100,
  pageDone: (outcomes: Record<string, number>, next: Record<string, unknown> | undefined) => Promise<void>,
): Promise<void> => {
  let start = cursor;
  do {
    const page = await ctx.doc.send(
      new ScanCommand({
        TableName: ctx.tableName,
        ...migration.filter,
        ConsistentRead: true,
        Limit: pageSize,
        ExclusiveStartKey: start,
      }),
    );
    const outcomes: Record<string, number> = {};
    for (const item of page.Items ?? []) {
      const outcome = await migration.visit(ctx, item);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    start = page.LastEvaluatedKey;
    await pageDone(outcomes, start);
  } while (start);
};

/**
 * Every item of `migration` visited again, whatever its progress says, nothing recorded: for a
 * repair by hand (a migration's visits are idempotent). Its outcomes, counted.
 */
export const visitAll = async (ctx: StoreContext, migration: Migration): Promise<Record<string, number>> => {
  const counts: Record<string, number> = {};
  await visitFrom(ctx, migration, undefined, 100, async (outcomes) => {
    addCounts(counts, outcomes);
  });
  return counts;
};

const save = (ctx: StoreContext, progress: MigrationProgress, at: Date) =>
  ctx.doc.send(
    new PutCommand({
      TableName: ctx.tableName,
      Item: {
        ...progressKey(progress.version),
        _et: 'migration',
        id: progress.id,
        state: progress.state,
        counts: progress.counts,
        ...(progress.cursor ? { cursor: progress.cursor } : {}),
        ...(progress.startedAt ? { startedAt: progress.startedAt } : {}),
        ...(progress.doneAt ? { doneAt: progress.doneAt } : {}),
        updatedAt: at.toISOString(),
      },
    }),
  );
