import { type Payment, type Scope, toEpochSeconds, type WattleEvent } from '@wattle/domain';
import {
  Changed,
  JobTaken,
  jobKinds,
  type Page,
  type PaymentsStore,
  type ScheduledJob,
  type ScheduleStore,
  type ThreeDSecureSession,
  TokenTaken,
} from '@wattle/ports';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

interface Stored {
  scope: Scope;
  payment: Payment;
  sealedNumber: string | null;
  /** Where it sorts in its lists (its reservation time, then its token); absent while unlisted. */
  listedAt: string | null;
  /** An authorised payment's lease: until when it may be voided or captured. */
  leaseUntil: number | null;
}

/** The payment-recovery jobs in memory, with the store's claim: a job taken or moved is JobTaken. */
export const fakeRecoveryJobs = (): Pick<ScheduleStore, 'drop' | 'due'> & {
  jobs: Map<string, ScheduledJob>;
  schedule(job: ScheduledJob): void;
  /** Throws JobTaken unless the job is there, due as the run saw it. */
  check(job: ScheduledJob): void;
  claim(job: ScheduledJob): void;
  /** As the store: the job scheduled at `dueAt` (its key there), not one due at another time. */
  cancel(scope: Scope, token: string, dueAt: Date): void;
} => {
  const jobs = new Map<string, ScheduledJob>();
  const check = (job: ScheduledJob) => {
    const found = jobs.get(key(job.scope, job.token));
    if (found?.dueAt.getTime() !== job.dueAt.getTime()) throw new JobTaken(job.kind, job.token);
  };
  const claim = (job: ScheduledJob) => {
    check(job);
    jobs.delete(key(job.scope, job.token));
  };
  return {
    jobs,
    schedule: (job) => jobs.set(key(job.scope, job.token), job),
    check,
    claim,
    cancel: (scope, token, dueAt) => {
      if (jobs.get(key(scope, token))?.dueAt.getTime() === dueAt.getTime()) jobs.delete(key(scope, token));
    },
    drop: async (job) => claim(job),
    due: async (_kind, now) => [...jobs.values()].filter((job) => job.dueAt <= now),
  };
};

type Hooked = 'reserve' | 'settle' | 'transition';

/**
 * The payments port in memory, with the store's conditions and refusals: a taken payment token
 * (TokenTaken), a used card token or payment source (TokenUsed, through `consumeCardToken` and
 * `consumePaymentSource`), a payment no longer in
 * the state a settlement or a void/capture expects or whose lease is gone (Changed), a recovery
 * job claimed by another run (JobTaken). Every write checks all its conditions before it writes.
 *
 * `before(write, run)` runs `run` once just before the next such write checks its conditions: the
 * other request of a race, committing between this one's read and its commit.
 */
export const fakePayments = (parts: {
  consumeCardToken: (scope: Scope, cardToken: string, now: Date) => void;
  consumePaymentSource: (scope: Scope, token: string, now: Date) => void;
  jobs: ReturnType<typeof fakeRecoveryJobs>;
}): PaymentsStore & {
  stored: Map<string, Stored>;
  sessions: Map<string, ThreeDSecureSession>;
  events: WattleEvent[];
  before(write: Hooked, run: () => Promise<unknown>): void;
} => {
  const stored = new Map<string, Stored>();
  const sessions = new Map<string, ThreeDSecureSession>();
  const events: WattleEvent[] = [];
  const hooks = new Map<Hooked, () => Promise<unknown>>();
  const hook = async (write: Hooked) => {
    const run = hooks.get(write);
    hooks.delete(write);
    if (run) await run();
  };
  const listed = (filter: (s: Stored) => boolean): Payment[] =>
    [...stored.values()]
      .filter((s) => s.listedAt !== null && filter(s))
      .sort((a, b) => b.listedAt!.localeCompare(a.listedAt!))
      .map((s) => s.payment);
  const pageOf = (items: Payment[], page: number): Page<Payment> => ({
    items: items.slice((page - 1) * 25, page * 25),
    total: items.length,
  });
  const inScope = (scope: Scope) => (s: Stored) =>
    s.scope.accountId === scope.accountId && s.scope.environment === scope.environment;
  const sortKey = (at: Date, token: string) => `${at.toISOString()}#${token}`;

  return {
    stored,
    sessions,
    events,
    before: (write, run) => hooks.set(write, run),
    get: async (scope, token) => stored.get(key(scope, token))?.payment ?? null,
    sealedNumberOf: async (scope, token) => stored.get(key(scope, token))?.sealedNumber ?? null,
    list: async (scope, kind, page) =>
      pageOf(
        listed((s) => inScope(scope)(s) && s.payment.kind === kind),
        page,
      ),
    listForCustomer: async (scope, customerToken, page) =>
      pageOf(
        listed((s) => inScope(scope)(s) && s.payment.customerToken === customerToken),
        page,
      ),
    chargesBetween: async (scope, from, to, limit) =>
      listed(
        (s) =>
          inScope(scope)(s) &&
          s.payment.kind === 'charge' &&
          (!from || Date.parse(s.payment.createdAt) >= from.getTime()) &&
          (!to || Date.parse(s.payment.createdAt) < to.getTime()),
      ).slice(0, limit),
    session: async (sessionToken) => sessions.get(sessionToken) ?? null,
    reserve: async (scope, payment, sealedNumber, options, now) => {
      await hook('reserve');
      if (stored.has(key(scope, payment.token))) throw new TokenTaken('payment', payment.token);
      if (options.cardToken) parts.consumeCardToken(scope, options.cardToken, now);
      if (options.paymentSourceToken) parts.consumePaymentSource(scope, options.paymentSourceToken, now);
      stored.set(key(scope, payment.token), {
        scope,
        payment,
        sealedNumber,
        listedAt: options.joinLists ? sortKey(now, payment.token) : null,
        leaseUntil: null,
      });
      if (options.sessionToken) sessions.set(options.sessionToken, { scope, paymentToken: payment.token });
      if (options.bill?.begin)
        throw new Error("This fake commits no bill's change (see fakes/subscriptions.ts)");
      // A bill's charge has no recovery job of its own: the bill's stands for it.
      if (!options.bill)
        parts.jobs.schedule({
          kind: jobKinds.paymentRecovery,
          scope,
          token: payment.token,
          dueAt: options.recoveryDueAt,
        });
    },
    settle: async (scope, payment, event, options, now) => {
      await hook('settle');
      const found = stored.get(key(scope, payment.token));
      // The job's claim is checked first, as the store's transaction lists it first.
      if (options.job) parts.jobs.check(options.job);
      if (found?.payment.state !== options.from) throw new Changed('payment', payment.token);
      if (options.bill?.settle)
        throw new Error("This fake commits no bill's change (see fakes/subscriptions.ts)");
      if (options.job) parts.jobs.claim(options.job);
      else if (!options.bill) parts.jobs.cancel(scope, payment.token, options.recoveryDueAt);
      found.payment = payment;
      found.sealedNumber = null;
      if (options.joinLists) found.listedAt ??= sortKey(options.reservedAt ?? now, payment.token);
      if (options.leaseExpiresAt) found.leaseUntil = toEpochSeconds(options.leaseExpiresAt);
      events.push(event);
    },
    transition: async (scope, payment, event, now, newCharge = null) => {
      await hook('transition');
      const found = stored.get(key(scope, payment.token));
      const leased = found?.leaseUntil != null && found.leaseUntil > toEpochSeconds(now);
      if (!found || !leased || found.payment.state !== 'authorised')
        throw new Changed('payment', payment.token);
      found.payment = payment;
      found.leaseUntil = null;
      if (newCharge) {
        stored.set(key(scope, newCharge.token), {
          scope,
          payment: newCharge,
          sealedNumber: null,
          listedAt: sortKey(now, newCharge.token),
          leaseUntil: null,
        });
      }
      events.push(event);
    },
  };
};
