import type { Account, Scope, Transfer, TransferLineItem, TransferLink, WattleEvent } from '@wattle/domain';
import {
  Changed,
  JobTaken,
  type PayoutAccounts,
  type ScheduledJob,
  type ScheduleStore,
  type TransferLinks,
  type TransfersStore,
} from '@wattle/ports';
import type { FakeBalance } from './balance.ts';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;
const page = <T>(items: T[], n: number) => ({
  items: items.slice((n - 1) * 25, n * 25),
  total: items.length,
});

/**
 * The transfers port in memory, over the fake balance, with the store's refusal: Changed when any
 * debit came in since the ledger the transfer decided on was read. Its payout and return jobs wait
 * in `jobs`; a return claims its job (JobTaken when gone) and needs the transfer `succeeded`
 * (Changed otherwise). `events` are the returns' events.
 */
export const fakeTransfers = (
  balance: FakeBalance,
): TransfersStore & {
  jobs: ScheduledJob[];
  items: Map<string, TransferLineItem[]>;
  events: WattleEvent[];
} => {
  const all = new Map<string, Transfer>();
  const items = new Map<string, TransferLineItem[]>();
  const jobs: ScheduledJob[] = [];
  const events: WattleEvent[] = [];
  const listed = (scope: Scope) =>
    [...all.entries()]
      .filter(([k]) => k.startsWith(`${scope.accountId}#${scope.environment}#`))
      .map(([, transfer]) => transfer)
      .reverse();
  return {
    jobs,
    items,
    events,
    create: async (
      scope,
      transfer,
      _event,
      now,
      { ledger, job, walkEnd, consumes, givenBackLeft, returnsAt },
    ) => {
      if (balance.debitsOf(scope, transfer.currency).version !== ledger.version)
        throw new Changed('balance', transfer.currency);
      balance.debit(scope, transfer.currency, transfer.totalCredits, {
        consumes,
        cursor: walkEnd,
        ...(givenBackLeft ? { givenBackLeft } : {}),
      });
      all.set(key(scope, transfer.token), transfer);
      const payout: ScheduledJob = {
        kind: 'transfer-payout',
        scope,
        token: transfer.token,
        dueAt: now,
        data: { ...job },
      };
      jobs.push(payout);
      if (returnsAt)
        jobs.push({
          kind: 'transfer-return',
          scope,
          token: transfer.token,
          dueAt: returnsAt,
          data: { ...job },
        });
      return payout;
    },
    fail: async (scope, failed, returned, event, job) => {
      if (all.get(key(scope, failed.token))?.status !== 'succeeded')
        throw new Changed('transfer', failed.token);
      const at = jobs.indexOf(job);
      if (at < 0) throw new JobTaken(job.kind, job.token);
      jobs.splice(at, 1);
      all.set(key(scope, failed.token), failed);
      balance.debit(scope, failed.currency, -failed.totalCredits, { giveBack: returned });
      events.push(event);
    },
    get: async (scope, token) => all.get(key(scope, token)) ?? null,
    list: async (scope, n) => page(listed(scope), n),
    listForRecipient: async (scope, recipientToken, n) =>
      page(
        listed(scope).filter((t) => t.recipient === recipientToken),
        n,
      ),
    between: async (scope, from, to, limit) =>
      listed(scope)
        .filter(
          (t) => (!from || t.createdAt >= from.toISOString()) && (!to || t.createdAt < to.toISOString()),
        )
        .slice(0, limit),
    lineItems: async (scope, transfer, n) => ({
      ...page(items.get(key(scope, transfer.token)) ?? [], n),
      total: transfer.lineItemsCount,
    }),
    putLineItems: async (scope, transferToken, firstIndex, written) => {
      const stored = items.get(key(scope, transferToken)) ?? [];
      written.forEach((item, i) => {
        stored[firstIndex - 1 + i] = item;
      });
      items.set(key(scope, transferToken), stored);
    },
  };
};

/** The charges' transfer links, by charge token (linking the same transfer again changes nothing). */
export const fakeTransferLinks = (): TransferLinks & { links: Map<string, TransferLink[]> } => {
  const links = new Map<string, TransferLink[]>();
  return {
    links,
    linkTransfer: async (_scope, chargeToken, link) => {
      const linked = links.get(chargeToken) ?? [];
      if (!linked.some((l) => l.token === link.token)) links.set(chargeToken, [...linked, link]);
    },
    restateTransfer: async (_scope, chargeToken, link) => {
      const linked = (links.get(chargeToken) ?? []).filter((l) => l.token !== link.token);
      const at = (links.get(chargeToken) ?? []).findIndex((l) => l.token === link.token);
      linked.splice(at < 0 ? linked.length : at, 0, link);
      links.set(chargeToken, linked);
    },
  };
};

/** Accounts by id, for `recipient=self`. */
export const fakeAccounts = (...accounts: Account[]): PayoutAccounts => ({
  get: async (accountId) => accounts.find((a) => a.id === accountId) ?? null,
});

/** The schedule's drop over a list of jobs: a job no longer there was taken by another run. */
export const fakeSchedule = (jobs: ScheduledJob[]): Pick<ScheduleStore, 'drop'> => ({
  drop: async (job) => {
    const at = jobs.indexOf(job);
    if (at < 0) throw new JobTaken(job.kind, job.token);
    jobs.splice(at, 1);
  },
});
