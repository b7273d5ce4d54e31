import type { Environment } from '@wattle/domain';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { keys } from '../kernel/keys.ts';
import { duePartition, jobShards } from '../kernel/schedule.ts';
import { shardOfToken } from '../kernel/shards.ts';
import { itemsOfType, landed, type Migration } from './runner.ts';

type Label = 'was' | 'now';

/** A marker as the code before kept it: `FANOUT#<shard>`, its sort key the event's time first. */
const markerBefore = /^FANOUT#\d+$/;

const ownerOf = (item: Record<string, unknown>) => ({
  scope: { accountId: item.accountId as string, environment: item.environment as Environment },
  token: item.token as string,
});

const withoutKey = ({ pk: _pk, sk: _sk, ...rest }: Record<string, unknown>) => rest;

/**
 * Version 4: every event's fan-out marker into its token's due partition (`DUE#<shard>`, named by
 * the event: keys.fanOutMarker), so a scheduler run reads 8 partitions, not 16. Each marker in one
 * transaction: deleted where it was under `attribute_exists(pk)` (a fan-out that ended meanwhile
 * deleted it: left gone) and put where today's code reads it, with its event's time as `createdAt`.
 * While it runs, today's code ends a fan-out by deleting the marker in both places, and a marker
 * not yet moved waits for it: the scheduler reads the due partitions only.
 */
export const fanOutMarkers: Migration = {
  version: 4,
  id: 'fan-out-markers',
  summary:
    'every event’s fan-out marker into its due partition (DUE#<shard>), read by the due jobs’ one Query',
  filter: itemsOfType('fan_out_marker'),
  visit: async (ctx: StoreContext, item: Record<string, unknown>): Promise<string> => {
    if (!markerBefore.test(String(item.pk))) return 'current';
    const { scope, token } = ownerOf(item);
    const createdAt = String(item.sk).split('#')[0]!;
    return landed('moved', () =>
      newTransaction<Label>(ctx)
        .delete('was', { Key: { pk: item.pk, sk: item.sk }, ConditionExpression: 'attribute_exists(pk)' })
        .put('now', {
          Item: {
            ...keys.fanOutMarker(scope, token, duePartition(shardOfToken(token, jobShards))),
            ...withoutKey(item),
            createdAt,
          },
        })
        .commit(ctx.doc),
    );
  },
  /**
   * Back where the release before reads it, for a rollback to that release (run once it is
   * deployed): a marker in a due partition deleted under `attribute_exists(pk)` and put in
   * `FANOUT#<shard>` in its event's time order, as that release wrote it.
   */
  revert: async (ctx: StoreContext, item: Record<string, unknown>): Promise<string> => {
    if (markerBefore.test(String(item.pk))) return 'current';
    const { scope, token } = ownerOf(item);
    const { createdAt, ...rest } = withoutKey(item);
    return landed('moved back', () =>
      newTransaction<Label>(ctx)
        .delete('now', { Key: { pk: item.pk, sk: item.sk }, ConditionExpression: 'attribute_exists(pk)' })
        .put('was', {
          Item: {
            ...keys.fanOutMarkerBefore(scope, token, String(createdAt), shardOfToken(token, jobShards)),
            ...rest,
          },
        })
        .commit(ctx.doc),
    );
  },
};
