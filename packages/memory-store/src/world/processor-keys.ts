import type { Scope } from '@wattle/domain';
import type { Change } from './change.ts';
import type { MemoryWorld } from './world.ts';

/**
 * Whose a payment or refund is, by its token alone: a processor's notification names only our
 * token. Written with the payment's reservation and the refund's creation, unconditionally (as
 * the DynamoDB store's put).
 */
export const processorKeysOf = (world: MemoryWorld) => world.table<Scope>('processor-key');

export const processorKeyIn = (world: MemoryWorld, change: Change, scope: Scope, token: string): Change =>
  change.write(() => {
    processorKeysOf(world).set(token, { accountId: scope.accountId, environment: scope.environment });
  });
