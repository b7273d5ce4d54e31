import type { Scope } from '@wattle/domain';
import { type ItemKey, keys } from '../kernel/keys.ts';

/** The condition an endpoint's item meets while webhooks may be made for it. */
export const endpointLive = 'attribute_exists(pk) AND attribute_not_exists(deletingSince)';

/**
 * An endpoint's liveness shards (decision 212): items there from its creation until its deletion
 * starts, which deletes them all in its first transaction (the generic writes' `liveness`). A
 * webhook's transaction checks the one its event picks, so an endpoint takes as many webhooks a
 * second as this many items take checks. An endpoint stored before the shards has none (its item
 * has no `liveShards`): its webhooks check the endpoint item, as they did, until migration 3 gives
 * it shards.
 */
export const endpointLiveShards = 8;

/** A liveness shard's entity type (`_et`). */
export const endpointLiveEt = 'endpoint_live';

/** The keys of every liveness shard of an endpoint. */
export const liveShardKeys = (scope: Scope, endpointToken: string): ItemKey[] =>
  Array.from({ length: endpointLiveShards }, (_, shard) =>
    keys.endpointLiveShard(scope, endpointToken, shard),
  );
