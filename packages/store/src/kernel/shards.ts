import { createHash } from 'node:crypto';

/**
 * Which of `shards` partitions an item named by `token` goes to: the token's hash, so the same
 * token always lands in the same shard (a retried transaction writes the same items) and tokens
 * spread evenly.
 */
export const shardOfToken = (token: string, shards: number): number =>
  createHash('sha256').update(token).digest()[0]! % shards;
