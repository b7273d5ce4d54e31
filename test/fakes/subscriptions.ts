import {
  type Card,
  type Customer,
  isRunning,
  type LedgerEntry,
  type Payment,
  type PendingBill,
  PinError,
  type Scope,
  type SelfServiceLink,
  type Subscription,
  toTimestamp,
  type WattleEvent,
} from '@wattle/domain';
import type { PaymentRequest, ReservedWith } from '@wattle/flows';
import {
  type BillCharges,
  Changed,
  type CustomersStore,
  JobTaken,
  jobKinds,
  type LoadedSubscription,
  type PaymentWrite,
  type PlanCounts,
  type ScheduledJob,
  type ScheduleStore,
  type SubscriptionsStore,
  TokenTaken,
} from '@wattle/ports';
import type { FakePlans } from './plans.ts';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;
const page = <T>(items: T[], n: number) => ({
  items: items.slice((n - 1) * 25, n * 25),
  total: items.length,
});

export type FakeSchedule = ScheduleStore & {
  jobs: Map<string, ScheduledJob>;
  put(job: ScheduledJob): void;
  /** Throws JobTaken unless `job` is due as it was read (the store's claim condition). */
  check(job: ScheduledJob): void;
  claim(job: ScheduledJob): void;
  cancel(kind: string, scope: Scope, token: string): void;
  find(kind: string, token: string): ScheduledJob | undefined;
};

/** Scheduled jobs in memory: one per kind and resource, claimed only as they were read. */
export const fakeSchedule = (): FakeSchedule => {
  const jobs = new Map<string, ScheduledJob>();
  const jobKey = (kind: string, scope: Scope, token: string) => `${kind}#${key(scope, token)}`;
  const schedule: FakeSchedule = {
    jobs,
    put: (job) => jobs.set(jobKey(job.kind, job.scope, job.token), structuredClone(job)),
    check: (job) => {
      const found = jobs.get(jobKey(job.kind, job.scope, job.token));
      if (found?.dueAt.getTime() !== job.dueAt.getTime()) throw new JobTaken(job.kind, job.token);
    },
    claim: (job) => {
      schedule.check(job);
      jobs.delete(jobKey(job.kind, job.scope, job.token));
    },
    cancel: (kind, scope, token) => jobs.delete(jobKey(kind, scope, token)),
    find: (kind, token) => [...jobs.values()].find((job) => job.kind === kind && job.token === token),
    drop: async (job) => schedule.claim(job),
    due: async (kind, now) =>
      [...jobs.values()]
        .filter((job) => job.kind === kind && job.dueAt <= now)
        .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime()),
  };
  return schedule;
};

interface StoredSubscription {
  scope: Scope;
  subscription: Subscription;
  version: number;
  bill: PendingBill | null;
  billApart: boolean;
  sortKey: string;
}

type CountState = keyof PlanCounts;

/** Where a subscription counts in its plan's counts, as the store counts it. */
const countedAs = (subscription: Subscription | null, bill: PendingBill | null): CountState[] => {
  if (!subscription) return [];
  const states: CountState[] = bill?.purpose === 'start' ? [] : [subscription.state];
  if (bill && bill.purpose !== 'renewal') states.push('starting');
  return states;
};

export type FakeSubscriptions = SubscriptionsStore & {
  all: Map<string, StoredSubscription>;
  ledgers: Map<string, LedgerEntry[]>;
  events: WattleEvent[];
  /** Runs before the next commit: what another request does between this one's read and its write. */
  beforeNextCommit?: (() => void) | undefined;
};

/**
 * The subscriptions port in memory, committing as the store does: every check first (the claimed
 * job: JobTaken; the version read: Changed; the plan: Missing), then every write.
 */
export const fakeSubscriptions = (plans: FakePlans, schedule: FakeSchedule): FakeSubscriptions => {
  const all = new Map<string, StoredSubscription>();
  const ledgers = new Map<string, LedgerEntry[]>();
  const events: WattleEvent[] = [];
  const loadedOf = (stored: StoredSubscription): LoadedSubscription =>
    structuredClone({
      subscription: stored.subscription,
      version: stored.version,
      bill: stored.bill,
      billApart: stored.billApart,
      starting: stored.bill?.purpose === 'start',
      sortKey: stored.sortKey,
      ledgerCount: ledgers.get(key(stored.scope, stored.subscription.token))?.length ?? 0,
      // The fake keeps no bill item: a settled bill leaves nothing to tell apart.
      settledBill: null,
    });
  const shown = (scope: Scope) =>
    [...all.values()]
      .filter((s) => key(s.scope, '') === key(scope, '') && s.bill?.purpose !== 'start')
      .reverse()
      .map((s) => s.subscription);
  const links = new Map<string, SelfServiceLink>();
  /** Each subscription's newest link: the only one that works. */
  const newestLinks = new Map<string, string>();
  const fake: FakeSubscriptions = {
    all,
    ledgers,
    events,
    saveSelfServiceLink: async (link) => {
      links.set(link.token, structuredClone(link));
      newestLinks.set(key(link.scope, link.subscriptionToken), link.token);
    },
    selfServiceLink: async (token) => {
      const link = links.get(token);
      if (!link || newestLinks.get(key(link.scope, link.subscriptionToken)) !== token) return null;
      return structuredClone(link);
    },
    get: async (scope, token) => {
      const stored = all.get(key(scope, token));
      return stored ? loadedOf(stored) : null;
    },
    list: async (scope, n) => page(shown(scope), n),
    listForPlan: async (scope, planToken, n) =>
      page(
        shown(scope).filter((s) => s.planToken === planToken),
        n,
      ),
    ledger: async (scope, token, n) => page([...(ledgers.get(key(scope, token)) ?? [])].reverse(), n),
    commit: async (scope, change, now) => {
      const interleave = fake.beforeNextCommit;
      fake.beforeNextCommit = undefined;
      interleave?.();
      const { before, after } = change;
      const subscription = (after ?? before?.subscription)!;
      const k = key(scope, subscription.token);
      const stored = all.get(k);
      const renewalJob = (dueAt: Date) =>
        schedule.put({ kind: jobKinds.subscriptionBilling, scope, token: subscription.token, dueAt });
      // A renewal's bill begins apart: the renewal job, claimed, moves to the recovery date and
      // stands for the bill's recovery job; the subscription's version stays.
      if (before && !before.bill && change.bill?.purpose === 'renewal' && after && stored) {
        if (change.claim) schedule.check(change.claim);
        if (stored.bill || stored.version !== before.version)
          throw new Changed('subscription', subscription.token);
        if (change.claim) schedule.claim(change.claim);
        renewalJob(change.recovery as Date);
        all.set(k, { ...stored, subscription: structuredClone(after), bill: change.bill, billApart: true });
        return;
      }
      const apartBefore = before?.bill ? before.billApart : false;
      const apartAfter = apartBefore && change.bill !== null;
      if (change.claim) schedule.check(change.claim);
      if (before ? stored?.version !== before.version : stored)
        throw new Changed('subscription', subscription.token);
      const moves: Partial<PlanCounts> = {};
      for (const state of countedAs(before?.subscription ?? null, before?.bill ?? null))
        moves[state] = (moves[state] ?? 0) - 1;
      for (const state of countedAs(after, change.bill)) moves[state] = (moves[state] ?? 0) + 1;
      plans.move(scope, subscription.planToken, moves, change.planMustBeLive);
      // Every check passed: the writes.
      if (change.claim) schedule.claim(change.claim);
      if (after) {
        all.set(k, {
          scope,
          subscription: structuredClone(after),
          version: (before?.version ?? 0) + 1,
          bill: change.bill,
          billApart: apartAfter,
          sortKey: before?.sortKey ?? `${toTimestamp(now)}#${subscription.token}`,
        });
      } else {
        all.delete(k);
      }
      if (change.credit) ledgers.set(k, [...(ledgers.get(k) ?? []), change.credit.entry]);
      events.push(...change.events);
      const isShown = after !== null && change.bill?.purpose !== 'start';
      const shownBefore = before !== null && !before.starting;
      const claimed = change.claim?.kind;
      // While a renewal's bill stays under way apart, the renewal job is its recovery: it stays.
      if (change.renewalJob === 'sync' && !apartAfter) {
        if (after && isShown && isRunning(after) && after.nextBillingDate) {
          renewalJob(new Date(after.nextBillingDate));
        } else if (shownBefore) {
          schedule.cancel(jobKinds.subscriptionBilling, scope, subscription.token);
        }
      }
      if (change.recovery instanceof Date && !apartAfter) {
        schedule.put({
          kind: jobKinds.billRecovery,
          scope,
          token: subscription.token,
          dueAt: change.recovery,
        });
      } else if (change.recovery === 'cancel' && !apartBefore && claimed !== jobKinds.billRecovery) {
        schedule.cancel(jobKinds.billRecovery, scope, subscription.token);
      }
    },
  };
  return fake;
};

/** Customers with their cards, as far as subscriptions read them (the primary card and the others). */
export const fakeCustomerCards = (): Pick<CustomersStore, 'get' | 'getCard'> & {
  add(scope: Scope, customerToken: string, cardTokens: string[]): void;
} => {
  const customers = new Map<string, { customer: Customer; cards: string[] }>();
  // The flows read the card's token only: the rest of a card is not needed here.
  const cardOf = (token: string) => ({ token }) as Card;
  return {
    add: (scope, customerToken, cardTokens) => {
      const customer = {
        token: customerToken,
        email: `${customerToken}@example.com`,
        primaryCard: cardOf(cardTokens[0]!),
      } as Customer;
      customers.set(key(scope, customerToken), { customer, cards: cardTokens });
    },
    get: async (scope, customerToken) => {
      const found = customers.get(key(scope, customerToken));
      return found ? { customer: found.customer, version: 1 } : null;
    },
    getCard: async (scope, customerToken, cardToken) => {
      const found = customers.get(key(scope, customerToken));
      return found?.cards.includes(cardToken) ? { card: cardOf(cardToken), sealedNumber: 'sealed' } : null;
    },
  };
};

/** A charge as the payments flow leaves it: captured, or failed with its decline. */
export const chargeOf = (
  token: string,
  amount: number,
  createdAt: string,
  customerToken: string,
  declined = false,
) =>
  ({
    kind: 'charge',
    token,
    state: declined ? 'failed' : 'captured',
    amount,
    currency: 'AUD',
    customerToken,
    createdAt,
    decline: declined ? 'card_declined' : null,
  }) as Payment;

export interface PaymentRequestSeen {
  token: string;
  amount: number;
  customerToken: string;
}

/**
 * Charges in memory: what a bill finds by its token (the BillCharges port), and the payments
 * flow's createPayment faked over them (see paymentsModule): a token taken is refused with
 * TokenTaken, a customer in `declining` is declined. Its `commit` commits the subscription's
 * changes a bill's charge carries (the charges themselves are made settled by `create`).
 */
export const fakeBillCharges = (clock: { now(): Date }, subscriptions: SubscriptionsStore) => {
  const all = new Map<string, Payment>();
  const declining = new Set<string>();
  const requests: PaymentRequestSeen[] = [];
  const charges = {
    all,
    declining,
    /** Every charge asked of the payments flow, taken or not. */
    requests,
    /** Runs before the next charge: another run reserving the same token in between, say. */
    beforeNextCharge: undefined as (() => void) | undefined,
    get: async (scope: Scope, token: string) => structuredClone(all.get(key(scope, token)) ?? null),
    create: async (scope: Scope, request: PaymentRequestSeen) => {
      const interleave = charges.beforeNextCharge;
      charges.beforeNextCharge = undefined;
      interleave?.();
      requests.push(request);
      if (all.has(key(scope, request.token))) throw new TokenTaken('payment', request.token);
      const payment = chargeOf(
        request.token,
        request.amount,
        toTimestamp(clock.now()),
        request.customerToken,
        declining.has(request.customerToken),
      );
      all.set(key(scope, request.token), payment);
      return { outcome: 'settled' as const, payment };
    },
    commit: async (scope: Scope, changes: readonly PaymentWrite[], now: Date) => {
      for (const change of changes) {
        if (change.kind !== 'subscription') throw new Error(`This fake writes no ${change.kind} change`);
        await subscriptions.commit(scope, change.change, now);
      }
    },
  } satisfies BillCharges & Record<string, unknown>;
  return charges;
};

export type FakeBillCharges = ReturnType<typeof fakeBillCharges>;

type FakeChargeDeps = {
  payments: FakeBillCharges;
  clock: { now(): Date };
};

const chargeRequestOf = (
  request: Pick<PaymentRequest, 'amount' | 'source'> & { token?: string | undefined },
) => ({
  token: request.token!,
  amount: request.amount,
  customerToken: (request.source as { token: string }).token,
});

/**
 * The part of the payments flows billing uses, faked for `vi.mock`: a charge is made in the flow's
 * own `payments` fake (it is handed the flow's deps), keyed by the derived token, settled as it is
 * made. A bill's begin commits with its reservation: refused with it when the token is taken.
 */
export const paymentsModule = {
  createPayment: (deps: FakeChargeDeps, scope: Scope, request: PaymentRequest) =>
    deps.payments.create(scope, chargeRequestOf(request)),
  reservePayment: async (
    deps: FakeChargeDeps,
    scope: Scope,
    request: PaymentRequest,
    along: ReservedWith,
  ) => {
    const now = deps.clock.now();
    if (await deps.payments.get(scope, request.token!)) throw new TokenTaken('payment', request.token!);
    await deps.payments.commit(scope, along.changes, now);
    const { payment } = await deps.payments.create(scope, chargeRequestOf(request));
    return { payment, cardNumber: '', reservedAt: now, sessionToken: null };
  },
  /** The charge was settled as it was made: nothing of its own left to write. */
  settlementWithProcessor: async (deps: FakeChargeDeps, _scope: Scope, reserved: Payment) => ({
    settled: reserved,
    changes: [] as PaymentWrite[],
    now: deps.clock.now(),
  }),
  declined: (payment: Payment) => new PinError(payment.decline!),
  derivedPaymentToken: (_ids: unknown, kind: string, seed: string) =>
    `${kind === 'charge' ? 'ch' : 'auth'}_${seed}`,
};
