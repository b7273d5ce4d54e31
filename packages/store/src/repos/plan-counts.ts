import type { PlanCountMoves, Scope } from '@wattle/domain';
import { Missing } from '@wattle/ports';
import { keys } from '../kernel/keys.ts';
import type { Transaction } from '../kernel/transaction.ts';

/** The label of a plan's counts in a subscription's transaction: Missing('plan') names it. */
export type PlanCountLabel = 'plan';

/** A plan that exists and whose deletion has not begun. */
export const livePlan = 'attribute_exists(pk) AND attribute_not_exists(deletingSince)';

/** A plan's subscriptions grow with the merchant: their list count is kept in this many shards. */
export const planSubscriptionShards = 4;

/**
 * Moves a plan's subscription counts inside the transaction that changes the subscription, so the
 * counts are always exact. The transaction is refused (Missing 'plan') when the plan is gone, and
 * with `mustBeLive` also when its deletion has begun.
 */
export const movePlanCountsIn = <L extends string>(
  tx: Transaction<L | PlanCountLabel>,
  scope: Scope,
  planToken: string,
  moves: PlanCountMoves,
  mustBeLive: boolean,
): Transaction<L | PlanCountLabel> => {
  const Key = keys.plan(scope, planToken);
  tx.refuse('plan', () => new Missing('plan', planToken));
  const changed = Object.entries(moves).filter(([, delta]) => delta !== 0);
  if (changed.length === 0) return mustBeLive ? tx.check('plan', { Key, ConditionExpression: livePlan }) : tx;
  const names: Record<string, string> = { '#c': 'counts' };
  const values: Record<string, number> = {};
  const sets = changed.map(([state, delta], i) => {
    names[`#s${i}`] = state;
    values[`:d${i}`] = delta;
    return `#c.#s${i} = #c.#s${i} + :d${i}`;
  });
  return tx.update('plan', {
    Key,
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: mustBeLive ? livePlan : 'attribute_exists(pk)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
};
