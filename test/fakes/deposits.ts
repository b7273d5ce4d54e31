import type { Deposit, Scope, WattleEvent } from '@wattle/domain';
import { Changed, type DepositsStore, JobTaken, type ScheduledJob, TokenTaken } from '@wattle/ports';
import type { FakeBalance } from './balance.ts';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;
const sameJob = (a: ScheduledJob, b: ScheduledJob) =>
  a.kind === b.kind &&
  a.token === b.token &&
  a.scope.accountId === b.scope.accountId &&
  a.scope.environment === b.scope.environment;

/**
 * The deposits port in memory, over the fake balance, with the store's refusals: TokenTaken for a
 * deposit that exists, Changed when any debit came in since the ledger was read, JobTaken when
 * the daily job in `jobs` is not due at the time the caller claims (another run moved it).
 */
export const fakeDeposits = (
  balance: FakeBalance,
  jobs: ScheduledJob[],
): DepositsStore & { events: WattleEvent[] } => {
  const all = new Map<string, Deposit>();
  const events: WattleEvent[] = [];
  const advance = (job: ScheduledJob, next: Date) => {
    const at = jobs.findIndex((j) => sameJob(j, job) && j.dueAt.getTime() === job.dueAt.getTime());
    if (at < 0) throw new JobTaken(job.kind, job.token);
    jobs[at] = { ...job, dueAt: next };
  };
  return {
    events,
    create: async (scope, deposit, event, _now, { ledger, walkEnd, consumes, givenBackLeft }, job, next) => {
      if (all.has(key(scope, deposit.token))) throw new TokenTaken('deposit', deposit.token);
      if (balance.debitsOf(scope, deposit.currency).version !== ledger.version)
        throw new Changed('balance', deposit.currency);
      advance(job, next);
      balance.debit(scope, deposit.currency, deposit.amount, {
        consumes,
        cursor: walkEnd,
        ...(givenBackLeft ? { givenBackLeft } : {}),
      });
      all.set(key(scope, deposit.token), deposit);
      events.push(event);
    },
    skip: async (job, next) => advance(job, next),
    get: async (scope, token) => all.get(key(scope, token)) ?? null,
    list: async (scope, n) => {
      const listed = [...all.entries()]
        .filter(([k]) => k.startsWith(`${scope.accountId}#${scope.environment}#`))
        .map(([, deposit]) => deposit)
        .reverse();
      return { items: listed.slice((n - 1) * 25, n * 25), total: listed.length };
    },
  };
};
