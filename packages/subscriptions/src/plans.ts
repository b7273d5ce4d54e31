import {
  type CustomerPermission,
  isPlanDeletable,
  newEvent,
  noSubscriptions,
  PinError,
  type Plan,
  type PlanTerms,
  presentPlan,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import { jobKinds, type ScheduledJob } from '@wattle/ports';
import type { RuntimeDeps } from '@wattle/runtime';
import { ConditionFailedError, cancelIn, claimIn, type LoadedPlan } from '@wattle/store';

/** A taken name, as Pin answers plan validation failures (422 unprocessable_entity, with messages). */
const nameTaken = (): PinError =>
  new PinError('unprocessable_entity', {
    messages: [{ param: 'name', code: 'name_invalid', message: 'Name has already been taken' }],
  });

const isNameTaken = (error: unknown): boolean =>
  error instanceof ConditionFailedError && error.label === 'plan-name';

export const loadPlan = async (deps: RuntimeDeps, scope: Scope, token: string): Promise<LoadedPlan> => {
  const loaded = await deps.store.plans.get(scope, token);
  if (!loaded) throw new PinError('not_found');
  return loaded;
};

export interface PlanInput extends PlanTerms {
  name: string;
  customerPermissions: CustomerPermission[];
}

/** POST /plans: a plan under a name no other plan of the merchant has, with plan.created. */
export const createPlan = async (deps: RuntimeDeps, scope: Scope, input: PlanInput): Promise<LoadedPlan> => {
  const now = deps.clock.now();
  const plan: Plan = { ...input, token: deps.ids.token('plan'), createdAt: toTimestamp(now) };
  const event = newEvent(deps.ids, 'plan.created', presentPlan(plan, noSubscriptions), plan.createdAt);
  try {
    await deps.store.plans.create(scope, plan, event, now);
  } catch (error) {
    if (isNameTaken(error)) throw nameTaken();
    throw error;
  }
  return { plan, counts: { ...noSubscriptions, starting: 0 } };
};

export interface PlanChange {
  name?: string | undefined;
  customerPermissions?: CustomerPermission[] | undefined;
}

/** PUT /plans/{token}: name and customer permissions; a name another plan has is refused. */
export const updatePlan = async (
  deps: RuntimeDeps,
  scope: Scope,
  token: string,
  change: PlanChange,
): Promise<LoadedPlan> => {
  for (let round = 1; ; round++) {
    const loaded = await loadPlan(deps, scope, token);
    const plan: Plan = {
      ...loaded.plan,
      name: change.name ?? loaded.plan.name,
      customerPermissions: change.customerPermissions ?? loaded.plan.customerPermissions,
    };
    try {
      await deps.store.plans.update(scope, loaded.plan, plan);
      // The counts are read again: subscriptions may have moved while the plan was renamed.
      return { ...(await loadPlan(deps, scope, token)), plan };
    } catch (error) {
      if (isNameTaken(error)) throw nameTaken();
      // Renamed or deleted in between: read it again (a deleted plan answers 404).
      if (!(error instanceof ConditionFailedError && error.label === 'plan') || round >= 5) throw error;
    }
  }
};

/** How long after a DELETE its purge job takes up a deletion that stopped half-way. */
const purgeGraceMs = 16 * 60 * 1000;

/**
 * DELETE /plans/{token}: only while none of its subscriptions runs (400 cannot_delete_plan). The
 * plan goes out of sight at once (plan.deleted); its cancelled subscriptions and their ledgers are
 * removed next, then the plan item. A deletion that stops half-way is finished by the purge job.
 */
export const deletePlan = async (deps: RuntimeDeps, scope: Scope, token: string): Promise<void> => {
  const loaded = await loadPlan(deps, scope, token);
  if (!isPlanDeletable(loaded.counts) || loaded.counts.starting > 0) throw new PinError('cannot_delete_plan');
  const now = deps.clock.now();
  const event = newEvent(deps.ids, 'plan.deleted', presentPlan(loaded.plan, loaded.counts), toTimestamp(now));
  try {
    await deps.store.plans.beginDelete(
      scope,
      loaded.plan,
      event,
      new Date(now.getTime() + purgeGraceMs),
      now,
    );
  } catch (error) {
    if (!(error instanceof ConditionFailedError && error.label === 'plan')) throw error;
    await loadPlan(deps, scope, token);
    throw new PinError('cannot_delete_plan');
  }
  await deps.store.plans.purge(scope, token, (tx) => cancelIn(tx, jobKinds.planPurge, scope, token));
};

/** The purge job: finishes a plan deletion whose request stopped half-way, and claims the job. */
export const purgePlan = (deps: RuntimeDeps, job: ScheduledJob): Promise<void> =>
  deps.store.plans.purge(job.scope, job.token, (tx) => claimIn(tx, job));
