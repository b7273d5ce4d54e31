import {
  type ChargeCredit,
  chargeCreditOf,
  type Deposit,
  type Payment,
  type Refund,
  type Scope,
  type Transfer,
  type WattleEvent,
} from '@wattle/domain';
import type { DepositDebit, DepositsStore } from '../deposits.ts';
import { Changed, TokenTaken } from '../outcomes.ts';
import { jobKinds, type ScheduledJob } from '../schedule.ts';
import type { TransferDebit, TransfersStore } from '../transfers.ts';
import { type ListRef, listSortKey, type StoreWrite, type StoreWriter } from './store-writes.ts';

/** The deposits' and transfers' writes (DepositsStore, TransfersStore), once for both engines. */

const deposits: ListRef = { list: 'deposits' };
const transfers: ListRef = { list: 'transfers' };

/** A payout's debit of the balance, guarded by the ledger it decided on (Changed, the balance). */
const payoutDebit = (
  currency: string,
  amount: number,
  { ledger, walkEnd, consumes, givenBackLeft }: DepositDebit,
): StoreWrite => ({
  kind: 'debit',
  currency,
  amount,
  debit: { seen: ledger, cursor: walkEnd, consumes, ...(givenBackLeft ? { givenBackLeft } : {}) },
  refusal: () => new Changed('balance', currency),
});

/**
 * A failed refund's (or a won dispute's) amount given back: to the balance (a negative debit), and
 * to the give-backs waiting for the next transfer, which pays them out first, as that charge's.
 */
export const givingBack = (
  charge: Payment,
  refund: Pick<Refund, 'token' | 'amount' | 'currency'>,
): StoreWrite => ({
  kind: 'debit',
  currency: refund.currency,
  amount: -refund.amount,
  debit: {
    giveBack: [{ ...chargeCreditOf(charge, `${charge.token}#${refund.token}`), givenBack: refund.amount }],
  },
});

/** The job that writes a transfer's line items, and the one of its return by the bank, if any. */
const transferJobs = (scope: Scope, transfer: Transfer, now: Date, debit: TransferDebit): ScheduledJob[] => [
  { kind: jobKinds.transferPayout, scope, token: transfer.token, dueAt: now, data: { ...debit.job } },
  ...(debit.returnsAt
    ? [
        {
          kind: jobKinds.transferReturn,
          scope,
          token: transfer.token,
          dueAt: debit.returnsAt,
          data: { ...debit.job },
        },
      ]
    : []),
];

/**
 * The transfer in the merchant's list (and its recipient's), its debit of the balance (Changed,
 * the balance, when a debit came in since the ledger was read), its event and its jobs.
 */
export const transferCreation = (
  transfer: Transfer,
  event: WattleEvent,
  now: Date,
  debit: TransferDebit,
  jobs: readonly ScheduledJob[],
): StoreWrite[] => {
  const sortKey = listSortKey(now, transfer.token);
  const byRecipient: ListRef[] =
    transfer.recipient === 'self' ? [] : [{ list: 'recipient-transfers', of: transfer.recipient }];
  return [
    {
      kind: 'create',
      ref: { record: 'transfer', token: transfer.token },
      fields: { transfer },
      listed: [transfers, ...byRecipient].map((list) => ({ in: list, sortKey })),
    },
    payoutDebit(transfer.currency, transfer.totalCredits, debit),
    ...[transfers, ...byRecipient].map((list): StoreWrite => ({ kind: 'count', list, by: 1 })),
    { kind: 'event', event },
    ...jobs.map((job): StoreWrite => ({ kind: 'schedule-job', job })),
  ];
};

/**
 * A transfer the bank returned (Changed when it is not `succeeded` any more), its money given
 * back unguarded (it only adds), its return job claimed, and its event.
 */
export const transferFailure = (
  failed: Transfer,
  returned: ChargeCredit[],
  event: WattleEvent,
  job: ScheduledJob,
): StoreWrite[] => [
  {
    kind: 'update',
    ref: { record: 'transfer', token: failed.token },
    set: { transfer: failed },
    bump: false,
    when: { equals: [{ path: ['transfer', 'status'], value: 'succeeded' }] },
    refusal: () => new Changed('transfer', failed.token),
  },
  { kind: 'debit', currency: failed.currency, amount: -failed.totalCredits, debit: { giveBack: returned } },
  { kind: 'claim-job', job },
  { kind: 'event', event },
];

/** The deposits' port's writes, on an engine's writer: its repository extends this with its reads. */
export abstract class DepositWrites implements Pick<DepositsStore, 'create' | 'skip'> {
  constructor(protected readonly writer: StoreWriter) {}

  async create(
    scope: Scope,
    deposit: Deposit,
    event: WattleEvent,
    now: Date,
    debit: DepositDebit,
    job: ScheduledJob,
    next: Date,
  ): Promise<void> {
    // The day's deposit (TokenTaken when it exists), its debit of the balance, the list, its
    // event and the daily job moved to `next` (JobTaken when another run claimed it first).
    await this.writer.commit(
      scope,
      [
        {
          kind: 'create',
          ref: { record: 'deposit', token: deposit.token },
          fields: { deposit },
          listed: [{ in: deposits, sortKey: listSortKey(now, deposit.token) }],
          refusal: () => new TokenTaken('deposit', deposit.token),
        },
        payoutDebit(deposit.currency, deposit.amount, debit),
        { kind: 'count', list: deposits, by: 1 },
        { kind: 'event', event },
        { kind: 'advance-job', job, next },
      ],
      now,
    );
  }

  async skip(job: ScheduledJob, next: Date): Promise<void> {
    await this.writer.commit(job.scope, [{ kind: 'advance-job', job, next }], next);
  }
}

/** The transfers' port's writes, on an engine's writer: its repository extends this with its reads. */
export abstract class TransferWrites implements Pick<TransfersStore, 'create' | 'fail'> {
  constructor(protected readonly writer: StoreWriter) {}

  async create(
    scope: Scope,
    transfer: Transfer,
    event: WattleEvent,
    now: Date,
    debit: TransferDebit,
  ): Promise<ScheduledJob> {
    const jobs = transferJobs(scope, transfer, now, debit);
    await this.writer.commit(scope, transferCreation(transfer, event, now, debit, jobs), now);
    return jobs[0]!;
  }

  async fail(
    scope: Scope,
    failed: Transfer,
    returned: ChargeCredit[],
    event: WattleEvent,
    job: ScheduledJob,
    now: Date,
  ): Promise<void> {
    await this.writer.commit(scope, transferFailure(failed, returned, event, job), now);
  }
}
