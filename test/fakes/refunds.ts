import { type Payment, type Refund, refundable, type Scope } from '@wattle/domain';
import {
  BalanceShort,
  Changed,
  JobTaken,
  type PaymentReader,
  type RefundsStore,
  type ScheduledJob,
} from '@wattle/ports';
import type { FakeBalance } from './balance.ts';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;
const page = <T>(items: T[], n: number) => ({
  items: items.slice((n - 1) * 25, n * 25),
  total: items.length,
});

/** Charges as the payments' store gives them to refunds. */
export const fakeCharges = (): PaymentReader & {
  put(scope: Scope, payment: Payment): void;
  /** The charge as it is, at once (the fakes' writes read and write in one step). */
  peek(scope: Scope, token: string): Payment | undefined;
} => {
  const all = new Map<string, Payment>();
  return {
    put: (scope, payment) => {
      all.set(key(scope, payment.token), payment);
    },
    peek: (scope, token) => all.get(key(scope, token)),
    get: async (scope, token) => {
      const found = all.get(key(scope, token));
      return found ? { ...found } : null;
    },
  };
};

/**
 * The refunds port in memory, over the fake charges and balance, with the store's refusals:
 * Changed when the charge has too little left, BalanceShort when the debits would pass what the
 * caller read as credited, JobTaken for a settlement job already claimed.
 */
export const fakeRefunds = (
  charges: ReturnType<typeof fakeCharges>,
  balance: FakeBalance,
): RefundsStore & { jobs: ScheduledJob[] } => {
  const all = new Map<string, Refund>();
  const jobs: ScheduledJob[] = [];
  const listed = (scope: Scope) =>
    [...all.entries()]
      .filter(([k]) => k.startsWith(`${scope.accountId}#${scope.environment}#`))
      .map(([, refund]) => refund)
      .reverse();
  return {
    jobs,
    get: async (scope, token) => all.get(key(scope, token)) ?? null,
    list: async (scope, n) => page(listed(scope), n),
    listForCharge: async (scope, chargeToken, n) =>
      page(
        listed(scope).filter((r) => r.chargeToken === chargeToken),
        n,
      ),
    create: async (scope, refund, _event, settleAt, _now, credited) => {
      const charge = await charges.get(scope, refund.chargeToken);
      if (!charge || refundable(charge) < refund.amount) throw new Changed('charge', refund.chargeToken);
      if (balance.debitsOf(scope, refund.currency).total + refund.amount > credited)
        throw new BalanceShort(refund.amount);
      charges.put(scope, {
        ...charge,
        amountRefunded: charge.amountRefunded + refund.amount,
        pendingRefunds: charge.pendingRefunds + 1,
      });
      balance.debit(scope, refund.currency, refund.amount);
      all.set(key(scope, refund.token), refund);
      jobs.push({ kind: 'refund-settlement', scope, token: refund.token, dueAt: settleAt });
    },
    settle: async (scope, charge, refund, { job, from = 'pending' }) => {
      const before = all.get(key(scope, refund.token));
      if (before?.state !== from) throw new Changed('refund', refund.token);
      if (job) {
        const at = jobs.indexOf(job);
        if (at < 0) throw new JobTaken(job.kind, job.token);
        jobs.splice(at, 1);
      }
      all.set(key(scope, refund.token), refund);
      if (refund.state === 'pending') return;
      const current = (await charges.get(scope, charge.token))!;
      const failed = refund.state === 'failed';
      charges.put(scope, {
        ...current,
        pendingRefunds: current.pendingRefunds - (from === 'pending' ? 1 : 0),
        amountRefunded: current.amountRefunded - (failed ? refund.amount : 0),
      });
      if (failed) balance.debit(scope, refund.currency, -refund.amount);
    },
  };
};
