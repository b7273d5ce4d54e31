import { type Dispute, isOpen, type Scope, type WattleEvent } from '@wattle/domain';
import { Changed, type DisputesStore, type ScheduledJob } from '@wattle/ports';
import type { FakeBalance } from './balance.ts';
import type { fakeCharges } from './refunds.ts';
import type { fakeSchedule } from './schedule.ts';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

/**
 * The disputes port in memory, over the fake charges, balance and schedule, with the store's
 * refusals: JobTaken for a job claimed already (the schedule's), Changed (the charge) when the
 * charge was refunded or disputed since it was read, Changed (the dispute) when its version moved.
 */
export const fakeDisputes = (
  charges: ReturnType<typeof fakeCharges>,
  balance: FakeBalance,
  schedule: ReturnType<typeof fakeSchedule>,
): DisputesStore & { events: WattleEvent[] } => {
  const all = new Map<string, Dispute>();
  const events: WattleEvent[] = [];
  /** Claims the job first; a refusal after it puts the job back, so the whole write is one or nothing. */
  const claimThen = async (job: ScheduledJob | undefined, write: () => void) => {
    if (job) await schedule.drop(job);
    try {
      write();
    } catch (error) {
      if (job) schedule.put(job);
      throw error;
    }
  };
  const writes = (scope: Scope, dispute: Dispute, w: Parameters<DisputesStore['step']>[3]) => {
    for (const job of w.schedule ?? []) schedule.put(job);
    for (const kind of w.cancel ?? []) schedule.cancel(kind, scope, dispute.token);
    if (w.event) events.push(w.event);
  };
  return {
    events,
    get: async (scope, token) => {
      const found = all.get(key(scope, token));
      return found ? structuredClone(found) : null;
    },
    all: async (scope, limit) =>
      [...all.entries()]
        .filter(([k]) => k.startsWith(`${scope.accountId}#${scope.environment}#`))
        .map(([, d]) => structuredClone(d))
        .reverse()
        .slice(0, limit),
    count: async (scope) =>
      [...all.keys()].filter((k) => k.startsWith(`${scope.accountId}#${scope.environment}#`)).length,
    open: (scope, dispute, charge, w) =>
      claimThen(w.claim, () => {
        const current = charges.peek(scope, charge.token);
        if (
          !current ||
          current.dispute ||
          current.state !== 'captured' ||
          current.amount - current.amountRefunded !== dispute.amount
        )
          throw new Changed('charge', charge.token);
        charges.put(scope, { ...current, dispute: { token: dispute.token, open: true } });
        all.set(key(scope, dispute.token), structuredClone(dispute));
        balance.debit(scope, dispute.currency, dispute.amount + dispute.fee);
        writes(scope, dispute, w);
      }),
    step: (scope, read, next, w) =>
      claimThen(w.claim, () => {
        const current = all.get(key(scope, read.token));
        if (!current || current.version !== read.version) throw new Changed('dispute', read.token);
        all.set(key(scope, read.token), structuredClone(next));
        const charge = charges.peek(scope, read.charge.token);
        if (charge)
          charges.put(scope, { ...charge, dispute: { token: read.token, open: isOpen(next.status) } });
        if (w.giveBack) balance.debit(scope, next.currency, -next.amount);
        writes(scope, next, w);
      }),
  };
};
