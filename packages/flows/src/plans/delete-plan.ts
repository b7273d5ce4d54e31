import { type Ids, isPlanDeletable, newEvent, PinError, type Scope, toTimestamp } from '@wattle/domain';
import { Changed, type Clock, Missing, type PlansStore, type ScheduledJob } from '@wattle/ports';
import { presentPlan } from '@wattle/wire';
import { getPlan } from './read-plans.ts';

/** How long after a DELETE its purge job takes up a deletion that stopped half-way. */
export const planPurgeGraceMs = 16 * 60 * 1000;

/**
 * DELETE /plans/{token}: only while none of its subscriptions runs (400 cannot_delete_plan). The
 * plan goes out of sight at once (plan.deleted); its cancelled subscriptions and their ledgers are
 * removed next, then the plan item. A deletion that stops half-way is finished by the purge job.
 */
export const deletePlan = async (
  deps: { plans: PlansStore; clock: Clock; ids: Ids },
  scope: Scope,
  token: string,
): Promise<void> => {
  const { plans, clock, ids } = deps;
  const loaded = await getPlan(deps, scope, token);
  if (!isPlanDeletable(loaded.counts) || loaded.counts.starting > 0) throw new PinError('cannot_delete_plan');
  const now = clock.now();
  const event = newEvent(ids, 'plan.deleted', presentPlan(loaded.plan, loaded.counts), toTimestamp(now));
  try {
    await plans.beginDelete(scope, loaded.plan, event, new Date(now.getTime() + planPurgeGraceMs), now);
  } catch (error) {
    if (error instanceof Missing) throw new PinError('not_found');
    // A subscription started (or the plan was renamed) since the read.
    if (error instanceof Changed) throw new PinError('cannot_delete_plan');
    throw error;
  }
  await plans.purge(scope, token);
};

/** The purge job: finishes a plan deletion whose request stopped half-way, and claims the job. */
export const purgePlan = ({ plans }: { plans: PlansStore }, job: ScheduledJob): Promise<void> =>
  plans.purge(job.scope, job.token, job);
