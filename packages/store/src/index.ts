/**
 * What other packages may use of the store: building it (and its cipher and client), the
 * repositories by their port names (all at once, or each by its class for a composition that
 * names only some), the table definition, reading an event or a TTL deletion out
 * of a stream record, the data migrations (their registry and runner) and the card owners' repair, and the middleware that makes an AWS client's
 * "not now" the ports' `Unavailable` (for the other AWS clients runtime makes). Everything else
 * (transactions, keys, counters, labels) stays inside; the store's own white-box tests import it
 * by path.
 */
export { batchWriteAll } from './kernel/batch-write.ts';
export { type CardCipher, kmsCardCipher, localCardCipher } from './kernel/card-cipher.ts';
export { documentClient } from './kernel/client.ts';
export type { StoreContext } from './kernel/context.ts';
export { eventOfStreamRecord, eventStreamRecord } from './kernel/events-outbox.ts';
export { expiredItemOfStreamRecord } from './kernel/expiry-records.ts';
export { pooledRandomBytes } from './kernel/random-pool.ts';
export {
  createTableInput,
  globalIndexes,
  tableKeys,
  ttlAttribute,
  ttlDeleter,
} from './kernel/table.ts';
export { reportingUnavailable, unavailableReasonOf } from './kernel/unavailable.ts';
export { backfillCardOwners, type CardOwnersBackfill } from './maintenance/backfill-card-owners.ts';
export { latestVersion, migrations } from './migrations/registry.ts';
export {
  type Migration,
  type MigrationProgress,
  type MigrationState,
  type RunOptions as MigrationRunOptions,
  revertMigrations,
  runMigrations,
  type TableStatus,
  tableStatus,
} from './migrations/runner.ts';
export {
  createStore,
  type Repositories,
  repositoriesOf,
  type Store,
  storeContext,
  storeOver,
} from './store.ts';
