import { type Scope, toEpochSeconds } from '@wattle/domain';
import {
  type HeldKey,
  type IdempotencyStart,
  type IdempotencyStore,
  type IdempotencyTimes,
  KeyHeld,
  type StoredResponse,
} from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import type { MemoryWorld } from '../world/world.ts';

interface KeyRecord {
  state: 'in_progress' | 'completed';
  requestHash: string;
  lockedUntil?: number;
  expiresAt: number;
  response?: StoredResponse;
}

/** The world's table of keys, each removed when it expires. */
const keyTable = 'idempotency';
const keyRecords = (world: MemoryWorld): Map<string, KeyRecord> =>
  world.expiring<KeyRecord>(keyTable, (held) => held.expiresAt);

const keyId = (scope: Scope, keyHash: string): string => scoped(scope, `IDEMPOTENCY#${keyHash}`);

/**
 * Claims a key, in `change`: on its own (start) or first in the request's first write (a payment's
 * reservation, KeyClaim), as the DynamoDB store's put: when it is free, expired, or abandoned by
 * the same request that died holding it; else KeyHeld, with what the key holds.
 */
export const keyClaimIn = (
  world: MemoryWorld,
  change: Change,
  scope: Scope,
  keyHash: string,
  requestHash: string,
  times: IdempotencyTimes,
): Change => {
  const keys = keyRecords(world);
  const id = keyId(scope, keyHash);
  const now = toEpochSeconds(times.now);
  const free = (held: KeyRecord | undefined): boolean =>
    !held ||
    held.expiresAt <= now ||
    (held.state === 'in_progress' && (held.lockedUntil ?? 0) <= now && held.requestHash === requestHash);
  return change
    .check(
      () => free(keys.get(id)),
      () => new KeyHeld(heldKeyOf(keys.get(id)!, requestHash)),
    )
    .write(() => {
      const record: KeyRecord = {
        state: 'in_progress',
        requestHash,
        lockedUntil: now + times.lockSeconds,
        expiresAt: now + times.retentionSeconds,
      };
      keys.set(id, record);
      world.expiry.add(keyTable, id, record.expiresAt);
    });
};

const heldKeyOf = (held: KeyRecord, requestHash: string): HeldKey => {
  if (held.requestHash !== requestHash) return { outcome: 'mismatch' };
  if (held.state === 'completed') return { outcome: 'replay', response: copy(held.response!) };
  return { outcome: 'in-progress' };
};

/**
 * Keeps `response` under a key, in `change`: on its own (complete) or with the request's last
 * write (a payment's settlement, KeyCompletion), as the DynamoDB store's update, with no condition.
 */
export const keyCompletionIn = (
  world: MemoryWorld,
  change: Change,
  scope: Scope,
  keyHash: string,
  response: StoredResponse,
): Change =>
  change.write(() => {
    const held = world.table<KeyRecord>(keyTable).get(keyId(scope, keyHash));
    // As DynamoDB's UpdateItem on a key released meanwhile, which makes a record with no request.
    if (!held) return;
    held.state = 'completed';
    held.response = copy(response);
    delete held.lockedUntil;
  });

/**
 * Idempotency keys, one merchant's environment each: claimed when the request starts (free,
 * expired, or abandoned by the same request that died holding it), its response kept when it ends.
 */
export class IdempotencyRepo implements IdempotencyStore {
  private readonly keys;

  constructor(private readonly world: MemoryWorld) {
    this.keys = keyRecords(world);
  }

  async start(
    scope: Scope,
    keyHash: string,
    requestHash: string,
    times: IdempotencyTimes,
  ): Promise<IdempotencyStart> {
    try {
      keyClaimIn(this.world, new Change(), scope, keyHash, requestHash, times).commit();
      return { outcome: 'started' };
    } catch (error) {
      if (error instanceof KeyHeld) return error.held;
      throw error;
    }
  }

  async complete(scope: Scope, keyHash: string, response: StoredResponse): Promise<void> {
    keyCompletionIn(this.world, new Change(), scope, keyHash, response).commit();
  }

  async release(scope: Scope, keyHash: string): Promise<void> {
    this.keys.delete(keyId(scope, keyHash));
  }
}
