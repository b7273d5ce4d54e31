import type { Scope, SubscriptionCounts } from '@wattle/domain';
import { keys } from '../kernel/keys.ts';
import type { Transaction } from '../kernel/transaction.ts';

/**
 * A plan's counts as stored: SPEC.md's four states, and `starting`: subscriptions whose first
 * bill is under way (shown nowhere, but they hold the plan as running ones do).
 */
export interface StoredCounts extends SubscriptionCounts {
  starting: number;
}

export type CountState = keyof StoredCounts;

export const noCounts: StoredCounts = { trial: 0, active: 0, cancelling: 0, cancelled: 0, starting: 0 };

/** A plan that exists and whose deletion has not begun. */
export const livePlan = 'attribute_exists(pk) AND attribute_not_exists(deletingSince)';

/** A plan's subscriptions grow with the merchant: their list count is kept in this many shards. */
export const planSubscriptionShards = 4;

export type CountMoves = Partial<Record<CountState, number>>;

/**
 * Moves a plan's subscription counts inside the transaction that changes the subscription (label
 * `plan`), so the counts are always exact. With `mustBeLive` the transaction also fails when the
 * plan is gone or being deleted.
 */
export const movePlanCountsIn = (
  tx: Transaction,
  scope: Scope,
  planToken: string,
  moves: CountMoves,
  mustBeLive: boolean,
): Transaction => {
  const Key = keys.plan(scope, planToken);
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
