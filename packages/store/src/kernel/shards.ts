import { createHash } from 'node:crypto';

/**
 * Which of `shards` partitions an item named by `token` goes to: the token's hash, so the same
 * token always lands in the same shard (a retried transaction writes the same items) and tokens
 * spread evenly.
 */
export const shardOfToken = (token: string, shards: number): number =>
  createHash('sha256').update(token).digest()[0]! % shards;

/** The key of one shard of a sharded partition key. */
export const shardKey = (key: string, shard: number): string => `${key}#${shard}`;

/**
 * Every partition key a sharded partition's items may be under: its shards, and the unsharded key
 * itself, which holds what was written before the partition was sharded.
 */
export const keysOfShards = (key: string, shards: number): string[] => [
  key,
  ...Array.from({ length: shards }, (_, shard) => shardKey(key, shard)),
];
