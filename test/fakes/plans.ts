import type { Plan, Scope, WattleEvent } from '@wattle/domain';
import {
  Changed,
  jobKinds,
  type LoadedPlan,
  Missing,
  NameTaken,
  type PlanCounts,
  type PlansStore,
} from '@wattle/ports';
import type { FakeSchedule } from './subscriptions.ts';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

interface StoredPlan extends LoadedPlan {
  scope: Scope;
  deleting: boolean;
}

export type FakePlans = PlansStore & {
  all: Map<string, StoredPlan>;
  events: WattleEvent[];
  /** Moves a plan's counts as the subscriptions' commit does: Missing when it is gone (or, live, being deleted). */
  move(scope: Scope, planToken: string, moves: Partial<PlanCounts>, mustBeLive: boolean): void;
  /** Runs before the next write: what another request does between this one's read and its write. */
  beforeNextWrite?: (() => void) | undefined;
};

/** The plans port in memory, with the store's unique names and refusals. */
export const fakePlans = (schedule: FakeSchedule): FakePlans => {
  const all = new Map<string, StoredPlan>();
  /** Name claims: scope and name → the plan's token. */
  const names = new Map<string, string>();
  const events: WattleEvent[] = [];
  const live = (scope: Scope, token: string) => {
    const stored = all.get(key(scope, token));
    return stored && !stored.deleting ? stored : undefined;
  };
  const interleave = () => {
    const before = fake.beforeNextWrite;
    fake.beforeNextWrite = undefined;
    before?.();
  };
  const fake: FakePlans = {
    all,
    events,
    get: async (scope, token) => {
      const stored = live(scope, token);
      return stored ? structuredClone({ plan: stored.plan, counts: stored.counts }) : null;
    },
    list: async (scope, page) => {
      const items = [...all.values()]
        .filter((p) => !p.deleting && key(p.scope, '') === key(scope, ''))
        .reverse()
        .map(({ plan, counts }) => ({ plan, counts }));
      return { items: items.slice((page - 1) * 25, page * 25), total: items.length };
    },
    create: async (scope, plan, event) => {
      interleave();
      if (names.has(key(scope, plan.name))) throw new NameTaken('plan', plan.name);
      names.set(key(scope, plan.name), plan.token);
      all.set(key(scope, plan.token), {
        scope,
        plan: structuredClone(plan),
        counts: { trial: 0, active: 0, cancelling: 0, cancelled: 0, starting: 0 },
        deleting: false,
      });
      events.push(event);
    },
    update: async (scope, before, after) => {
      interleave();
      const stored = live(scope, before.token);
      if (!stored) throw new Missing('plan', before.token);
      if (stored.plan.name !== before.name) throw new Changed('plan', before.token);
      if (after.name !== before.name) {
        if (names.has(key(scope, after.name))) throw new NameTaken('plan', after.name);
        names.delete(key(scope, before.name));
        names.set(key(scope, after.name), after.token);
      }
      stored.plan = { ...stored.plan, name: after.name, customerPermissions: after.customerPermissions };
    },
    beginDelete: async (scope, plan: Plan, event, purgeAt) => {
      interleave();
      const stored = live(scope, plan.token);
      if (!stored) throw new Missing('plan', plan.token);
      const { trial, active, starting } = stored.counts;
      if (trial + active + starting > 0 || stored.plan.name !== plan.name)
        throw new Changed('plan', plan.token);
      stored.deleting = true;
      names.delete(key(scope, plan.name));
      events.push(event);
      schedule.put({ kind: jobKinds.planPurge, scope, token: plan.token, dueAt: purgeAt });
    },
    purge: async (scope, token, job) => {
      if (job) schedule.claim(job);
      else schedule.cancel(jobKinds.planPurge, scope, token);
      all.delete(key(scope, token));
    },
    move: (scope, token, moves, mustBeLive) => {
      const stored = mustBeLive ? live(scope, token) : all.get(key(scope, token));
      if (!stored) throw new Missing('plan', token);
      for (const [state, delta] of Object.entries(moves) as [keyof PlanCounts, number][]) {
        stored.counts[state] += delta;
      }
    },
  };
  return fake;
};
