import {
  type CustomerPermission,
  type Ids,
  newEvent,
  noSubscriptions,
  PinError,
  type Plan,
  type PlanTerms,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import { type Clock, type LoadedPlan, NameTaken, type PlansStore } from '@wattle/ports';
import { presentPlan } from '@wattle/wire';

/** A taken name, as Pin answers plan validation failures (422 unprocessable_entity, with messages). */
export const nameTaken = (): PinError =>
  new PinError('unprocessable_entity', {
    messages: [{ param: 'name', code: 'name_invalid', message: 'Name has already been taken' }],
  });

export interface PlanInput extends PlanTerms {
  name: string;
  customerPermissions: CustomerPermission[];
}

/** POST /plans: a plan under a name no other plan of the merchant has, with plan.created. */
export const createPlan = async (
  { plans, clock, ids }: { plans: PlansStore; clock: Clock; ids: Ids },
  scope: Scope,
  input: PlanInput,
): Promise<LoadedPlan> => {
  const now = clock.now();
  const plan: Plan = { ...input, token: ids.token('plan'), createdAt: toTimestamp(now) };
  const event = newEvent(ids, 'plan.created', presentPlan(plan, noSubscriptions), plan.createdAt);
  try {
    await plans.create(scope, plan, event, now);
  } catch (error) {
    if (error instanceof NameTaken) throw nameTaken();
    throw error;
  }
  return { plan, counts: { ...noSubscriptions, starting: 0 } };
};
