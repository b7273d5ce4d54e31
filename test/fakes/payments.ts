import { type Payment, type PaymentJob, type Scope, toEpochSeconds, type WattleEvent } from '@wattle/domain';
import {
  Changed,
  JobTaken,
  jobKinds,
  type Page,
  type PaymentsStore,
  type PaymentWrite,
  type ScheduledJob,
  type ScheduleStore,
  type ThreeDSecureSession,
  TokenTaken,
} from '@wattle/ports';
import { isSubscriptionChange } from './subscriptions.ts';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

interface Stored {
  scope: Scope;
  payment: Payment;
  sealedNumber: string | null;
  /** When it was reserved: its settlement lists it there. */
  reservedAt: Date;
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

/** Which write a commit is: a reservation, a void or capture (it uses up the lease), or a settlement. */
const hookedOf = (changes: readonly PaymentWrite[]): Hooked =>
  changes.some((c) => c.kind === 'reservation')
    ? 'reserve'
    : changes.some((c) => c.kind === 'lease-use')
      ? 'transition'
      : 'settle';

const recoveryJobOf = (scope: Scope, job: PaymentJob): ScheduledJob => ({
  kind: jobKinds.paymentRecovery,
  scope,
  token: job.token,
  dueAt: job.dueAt,
});

/**
 * The payments port in memory, with the store's conditions and refusals: a taken payment token
 * (TokenTaken), a used card token or payment source (TokenUsed, through `consumeCardToken` and
 * `consumePaymentSource`), a payment no longer in
 * the state a settlement or a void/capture expects or whose lease is gone (Changed), a recovery
 * job claimed by another run (JobTaken). Every commit checks all its conditions before it writes.
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
    commit: async (scope, changes, now) => {
      if (changes.some(isSubscriptionChange))
        throw new Error("This fake commits no subscription's change (see fakes/subscriptions.ts)");
      await hook(hookedOf(changes));
      const at = (token: string) => stored.get(key(scope, token));
      // Every condition first, in the order the store's transaction lists them (using up a card
      // token or a payment source checks it and writes it, as the repository it is faked from).
      for (const change of changes) {
        switch (change.kind) {
          case 'reservation':
            if (at(change.payment.token)) throw new TokenTaken('payment', change.payment.token);
            break;
          case 'card-token-use':
            parts.consumeCardToken(scope, change.cardToken, now);
            break;
          case 'payment-source-use':
            parts.consumePaymentSource(scope, change.paymentSourceToken, now);
            break;
          case 'payment':
            if (at(change.payment.token)?.payment.state !== change.from)
              throw new Changed('payment', change.payment.token);
            break;
          case 'lease-use': {
            const leaseUntil = at(change.paymentToken)?.leaseUntil;
            if (leaseUntil == null || leaseUntil <= toEpochSeconds(now))
              throw new Changed('payment', change.paymentToken);
            break;
          }
          case 'claim-job':
            parts.jobs.check(recoveryJobOf(scope, change.job));
            break;
        }
      }
      // Every condition held: the writes. The balance's credit and a dispute's opening are other
      // fakes' (fakes/balance.ts, fakes/disputes.ts): these tests read neither.
      for (const change of changes) {
        switch (change.kind) {
          case 'reservation':
            stored.set(key(scope, change.payment.token), {
              scope,
              payment: change.payment,
              sealedNumber: change.sealedNumber,
              reservedAt: now,
              listedAt: change.listed ? sortKey(now, change.payment.token) : null,
              leaseUntil: null,
            });
            break;
          case 'payment': {
            const found = at(change.payment.token)!;
            found.payment = change.payment;
            found.sealedNumber = null;
            if (change.listing.joins)
              found.listedAt ??= sortKey(change.listing.reservedAt ?? found.reservedAt, change.payment.token);
            break;
          }
          case 'capture-charge':
            stored.set(key(scope, change.charge.token), {
              scope,
              payment: change.charge,
              sealedNumber: null,
              reservedAt: now,
              listedAt: sortKey(now, change.charge.token),
              leaseUntil: null,
            });
            break;
          case 'session':
            sessions.set(change.sessionToken, { scope, paymentToken: change.paymentToken });
            break;
          case 'lease':
            at(change.paymentToken)!.leaseUntil = toEpochSeconds(change.until);
            break;
          case 'lease-use':
            at(change.paymentToken)!.leaseUntil = null;
            break;
          case 'schedule-job':
            if (change.job.job === 'payment-recovery') parts.jobs.schedule(recoveryJobOf(scope, change.job));
            break;
          case 'end-job':
            if (change.job.job === 'payment-recovery')
              parts.jobs.cancel(scope, change.job.token, change.job.dueAt);
            break;
          case 'claim-job':
            parts.jobs.claim(recoveryJobOf(scope, change.job));
            break;
          case 'event':
            events.push(change.event);
            break;
        }
      }
    },
  };
};
