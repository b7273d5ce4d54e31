import { createHash } from 'node:crypto';
import type { Scope } from '@wattle/domain';

/** A merchant's environment as a key part (`<accountId>#<environment>`). */
export const scopeKey = (scope: Scope): string => `${scope.accountId}#${scope.environment}`;

/** A resource of a merchant's environment, by its token: tokens carry their type, so none collide. */
export const scoped = (scope: Scope, token: string): string => `${scopeKey(scope)}#${token}`;

/** Sort key within a list (creation time, then token): the one spelling, @wattle/ports'. */
export { listSortKey } from '@wattle/ports';

/**
 * Which of `shards` parts an item named by `token` is in, as the DynamoDB store spreads due jobs
 * and fan-out markers: the order within a part and the limit per part are the same on both engines.
 */
export const shardOfToken = (token: string, shards: number): number =>
  createHash('sha256').update(token).digest()[0]! % shards;

/** Keys are kept only as this hash (the DynamoDB store's): a referred merchant's live keys name it. */
export const hashApiKey = (apiKey: string): string => createHash('sha256').update(apiKey).digest('hex');

/** The context bound into a sealed number: it opens only as this resource of this merchant. */
export const sealContext = (scope: Scope, token: string): string => scoped(scope, token);
