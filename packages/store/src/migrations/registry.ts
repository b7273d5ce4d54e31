import { cardOwners } from '../maintenance/backfill-card-owners.ts';
import { duePartitions } from './due-partitions.ts';
import { endpointLiveShards } from './endpoint-live-shards.ts';
import { fanOutMarkers } from './fan-out-markers.ts';
import { recoveryDueItems } from './recovery-due-items.ts';
import { checkedRegistry, type Migration } from './runner.ts';

/**
 * Every migration of the table's data, in the order they run: the one registry a deployment (the
 * migrations function), `npm run wattle -- migrate` and the local stack's start all run from. A
 * new one takes the next version; one that has shipped is never changed, only followed by another
 * (docs/operations/runbook.md: expand, migrate, contract).
 */
export const migrations: readonly Migration[] = checkedRegistry([
  duePartitions,
  cardOwners,
  endpointLiveShards,
  fanOutMarkers,
  recoveryDueItems,
]);

/** The version a table has once every migration has run. */
export const latestVersion = migrations.length;
