import { type Scope, toEpochSeconds } from '@wattle/domain';
import type { IdempotencyStart, IdempotencyStore, IdempotencyTimes, StoredResponse } from '@wattle/ports';
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

/** The world's table of keys (IdempotencyRepo registers their expiry). */
const keyTable = 'idempotency';

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
    const held = world.table<KeyRecord>(keyTable).get(scoped(scope, `IDEMPOTENCY#${keyHash}`));
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
    this.keys = world.expiring<KeyRecord>(keyTable, (held) => held.expiresAt);
  }

  async start(
    scope: Scope,
    keyHash: string,
    requestHash: string,
    times: IdempotencyTimes,
  ): Promise<IdempotencyStart> {
    const id = scoped(scope, `IDEMPOTENCY#${keyHash}`);
    const now = toEpochSeconds(times.now);
    const held = this.keys.get(id);
    const free =
      !held ||
      held.expiresAt <= now ||
      (held.state === 'in_progress' && (held.lockedUntil ?? 0) <= now && held.requestHash === requestHash);
    if (!free) {
      if (held.requestHash !== requestHash) return { outcome: 'mismatch' };
      if (held.state === 'completed') return { outcome: 'replay', response: copy(held.response!) };
      return { outcome: 'in-progress' };
    }
    const record: KeyRecord = {
      state: 'in_progress',
      requestHash,
      lockedUntil: now + times.lockSeconds,
      expiresAt: now + times.retentionSeconds,
    };
    this.keys.set(id, record);
    this.world.expiry.add('idempotency', id, record.expiresAt);
    return { outcome: 'started' };
  }

  async complete(scope: Scope, keyHash: string, response: StoredResponse): Promise<void> {
    keyCompletionIn(this.world, new Change(), scope, keyHash, response).commit();
  }

  async release(scope: Scope, keyHash: string): Promise<void> {
    this.keys.delete(scoped(scope, `IDEMPOTENCY#${keyHash}`));
  }
}
