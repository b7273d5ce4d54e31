import { newTransaction, type StoreContext } from '../kernel/context.ts';
import {
  endpointLive,
  endpointLiveEt,
  liveShardKeys,
  endpointLiveShards as shards,
} from '../repos/endpoint-liveness.ts';
import { itemsOfType, landed, type Migration } from './runner.ts';

type Label = 'endpoint' | 'live';

/** The item's scope and endpoint token, from its key (`<account>#<environment>#<whe_…>`). */
const endpointOf = (item: Record<string, unknown>) => {
  const [accountId, environment, endpointToken] = String(item.pk).split('#');
  return {
    scope: { accountId: accountId!, environment: environment as 'test' | 'live' },
    endpointToken: endpointToken!,
  };
};

/**
 * Version 3: liveness shards (decision 212) for every live endpoint stored before them, so its
 * webhooks check one of them instead of the endpoint's one item. Each endpoint in one transaction:
 * its shards put and `liveShards` set under `endpointLive AND attribute_not_exists(liveShards)`, so
 * an endpoint whose deletion began meanwhile (which deletes the shards) is left as it is. Until it
 * is visited, today's code checks the endpoint item of an endpoint without `liveShards`.
 */
export const endpointLiveShards: Migration = {
  version: 3,
  id: 'endpoint-live-shards',
  summary: 'liveness shards for each webhook endpoint, which its webhooks check instead of its one item',
  filter: itemsOfType('webhook_endpoint'),
  visit: async (ctx: StoreContext, item: Record<string, unknown>): Promise<string> => {
    if (item.liveShards !== undefined || item.deletingSince !== undefined) return 'current';
    const { scope, endpointToken } = endpointOf(item);
    const tx = newTransaction<Label>(ctx).update('endpoint', {
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression: 'SET liveShards = :n',
      ConditionExpression: `${endpointLive} AND attribute_not_exists(liveShards)`,
      ExpressionAttributeValues: { ':n': shards },
    });
    for (const key of liveShardKeys(scope, endpointToken))
      tx.put('live', { Item: { ...key, _et: endpointLiveEt } });
    return landed('sharded', () => tx.commit(ctx.doc));
  },
  /**
   * For a rollback: every endpoint's shards deleted and `liveShards` removed (the endpoints today's
   * code made too), so that the release before, which knows neither, leaves no live shard behind
   * an endpoint it deletes. Today's code, should it run meanwhile, checks their endpoint items.
   */
  revert: async (ctx: StoreContext, item: Record<string, unknown>): Promise<string> => {
    if (item.liveShards === undefined) return 'current';
    const { scope, endpointToken } = endpointOf(item);
    const tx = newTransaction<Label>(ctx).update('endpoint', {
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression: 'REMOVE liveShards',
      ConditionExpression: 'attribute_exists(liveShards)',
    });
    for (const Key of liveShardKeys(scope, endpointToken)) tx.delete('live', { Key });
    return landed('unsharded', () => tx.commit(ctx.doc));
  },
};
