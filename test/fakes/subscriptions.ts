import {
  type Card,
  type Customer,
  type LedgerEntry,
  type Payment,
  type PaymentChange,
  type PendingBill,
  PinError,
  type Scope,
  type SelfServiceLink,
  type Subscription,
  type SubscriptionJob,
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
  type ScheduledJob,
  type ScheduleStore,
  type SubscriptionsStore,
  type SubscriptionWrite,
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

/** The kinds of change only a subscription's write has (an event is a payment's too). */
const subscriptionKinds: Record<Exclude<SubscriptionWrite['kind'], PaymentChange['kind']>, true> = {
  'claim-subscription-job': true,
  'move-subscription-job': true,
  'schedule-subscription-job': true,
  'end-subscription-job': true,
  subscription: true,
  'subscription-removal': true,
  'subscription-check': true,
  'renewal-bill': true,
  'renewal-bill-removal': true,
  'subscription-lists': true,
  'plan-counts': true,
  'ledger-credit': true,
};

/** Whether a change of a payment's list is a subscription's own (a bill's, riding with its charge). */
export const isSubscriptionChange = (change: PaymentWrite): change is SubscriptionWrite =>
  Object.hasOwn(subscriptionKinds, change.kind);

const jobKindOf = { renewal: jobKinds.subscriptionBilling, 'bill-recovery': jobKinds.billRecovery };

const scheduledJobOf = (scope: Scope, { job, token, dueAt }: SubscriptionJob): ScheduledJob => ({
  kind: jobKindOf[job],
  scope,
  token,
  dueAt,
});

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
    commit: async (scope, changes, now) => {
      const interleave = fake.beforeNextCommit;
      fake.beforeNextCommit = undefined;
      interleave?.();
      const stored = (token: string) => all.get(key(scope, token));
      const changed = (token: string, from: LoadedSubscription | null) => {
        const found = stored(token);
        if (from ? found?.version !== from.version : found) throw new Changed('subscription', token);
      };
      // Every check first, in the list's order (the plan's counts, checked, are moved with them).
      for (const change of changes) {
        switch (change.kind) {
          case 'claim-subscription-job':
          case 'move-subscription-job':
            schedule.check(scheduledJobOf(scope, change.job));
            break;
          case 'subscription':
            changed(change.subscription.token, change.from);
            break;
          case 'subscription-removal':
          case 'subscription-check':
            changed(change.token, change.from);
            break;
          case 'renewal-bill':
            if (stored(change.token)?.bill) throw new Changed('subscription', change.token);
            break;
          case 'plan-counts':
            plans.move(scope, change.planToken, change.moves, change.live);
            break;
        }
      }
      // Every check passed: the writes. The lists and the bill kept apart are the fake's reads.
      for (const change of changes) {
        switch (change.kind) {
          case 'claim-subscription-job':
            schedule.claim(scheduledJobOf(scope, change.job));
            break;
          case 'move-subscription-job':
            schedule.claim(scheduledJobOf(scope, change.job));
            schedule.put(scheduledJobOf(scope, { ...change.job, dueAt: change.to }));
            break;
          case 'schedule-subscription-job':
            schedule.put(scheduledJobOf(scope, change.job));
            break;
          case 'end-subscription-job':
            schedule.cancel(jobKindOf[change.job], scope, change.token);
            break;
          case 'subscription': {
            const { subscription, from } = change;
            // A renewal's bill under way apart stays so unless this change settles it.
            const apart = from?.billApart === true && from.bill !== null && change.settlesBillApart === null;
            all.set(key(scope, subscription.token), {
              scope,
              subscription: structuredClone(subscription),
              version: (from?.version ?? 0) + 1,
              bill: apart ? from.bill : change.bill,
              billApart: apart,
              sortKey: from?.sortKey ?? `${toTimestamp(now)}#${subscription.token}`,
            });
            break;
          }
          case 'subscription-removal':
            all.delete(key(scope, change.token));
            break;
          case 'renewal-bill': {
            const found = stored(change.token)!;
            all.set(key(scope, change.token), {
              ...found,
              subscription: structuredClone(change.subscription),
              bill: change.bill,
              billApart: true,
            });
            break;
          }
          case 'ledger-credit': {
            const k = key(scope, change.token);
            ledgers.set(k, [...(ledgers.get(k) ?? []), change.entry]);
            break;
          }
          case 'event':
            events.push(change.event);
            break;
        }
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
      // The charges are made settled (settlementWithProcessor adds nothing): the bill's alone.
      const payment = changes.find((change) => change.kind !== 'event' && !isSubscriptionChange(change));
      if (payment) throw new Error(`This fake writes no ${payment.kind} change`);
      await subscriptions.commit(scope, changes as SubscriptionWrite[], now);
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
  settlementWithProcessor: async (deps: FakeChargeDeps, reserved: Payment) => ({
    settled: reserved,
    changes: [] as PaymentWrite[],
    now: deps.clock.now(),
  }),
  declined: (payment: Payment) => new PinError(payment.decline!),
  derivedPaymentToken: (_ids: unknown, kind: string, seed: string) =>
    `${kind === 'charge' ? 'ch' : 'auth'}_${seed}`,
};
