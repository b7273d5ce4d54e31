import type { Payment, Refund, Scope, WattleEvent } from '@wattle/domain';
import { BalanceShort, Changed, TokenTaken } from '../outcomes.ts';
import type { RefundSettling, RefundsStore } from '../refunds.ts';
import { jobKinds } from '../schedule.ts';
import { givingBack } from './money-writes.ts';
import { type ListRef, listSortKey, type StoreWrite, type StoreWriter } from './store-writes.ts';

/** The refunds' writes (RefundsStore), once for both engines. */

const refunds: ListRef = { list: 'refunds' };

/** The refunds' port's writes, on an engine's writer: its repository extends this with its reads. */
export abstract class RefundWrites
  implements Pick<RefundsStore, 'create' | 'recordOfStoodPayment' | 'settle'>
{
  constructor(protected readonly writer: StoreWriter) {}

  async create(
    scope: Scope,
    refund: Refund,
    event: WattleEvent,
    settleAt: Date,
    now: Date,
    credited: number,
  ): Promise<void> {
    const sortKey = listSortKey(now, refund.token);
    const lists: ListRef[] = [refunds, { list: 'charge-refunds', of: refund.chargeToken }];
    await this.writer.commit(
      scope,
      [
        // Taken off the charge while enough of it is left and it is still captured.
        {
          kind: 'update',
          ref: { record: 'payment', token: refund.chargeToken },
          set: {},
          add: [
            { path: ['payment', 'amountRefunded'], by: refund.amount },
            { path: ['payment', 'pendingRefunds'], by: 1 },
            { path: ['refundable'], by: -refund.amount },
          ],
          bump: false,
          when: {
            atLeast: [{ path: ['refundable'], value: refund.amount }],
            equals: [{ path: ['payment', 'state'], value: 'captured' }],
          },
          refusal: () => new Changed('charge', refund.chargeToken),
        },
        {
          kind: 'create',
          ref: { record: 'refund', token: refund.token },
          fields: { refund },
          listed: lists.map((list) => ({ in: list, sortKey })),
        },
        ...lists.map((list): StoreWrite => ({ kind: 'count', list, by: 1 })),
        {
          kind: 'schedule-job',
          job: { kind: jobKinds.refundSettlement, scope, token: refund.token, dueAt: settleAt },
        },
        {
          kind: 'debit',
          currency: refund.currency,
          amount: refund.amount,
          debit: { within: credited },
          refusal: () => new BalanceShort(refund.amount),
        },
        { kind: 'event', event },
      ],
      now,
    );
  }

  async recordOfStoodPayment(scope: Scope, refund: Refund, now: Date): Promise<void> {
    try {
      await this.writer.commit(
        scope,
        [
          {
            kind: 'create',
            ref: { record: 'refund', token: refund.token },
            fields: { refund },
            refusal: () => new TokenTaken('refund', refund.token),
          },
        ],
        now,
      );
    } catch (error) {
      // There already: the same failed cancellation told again.
      if (!(error instanceof TokenTaken)) throw error;
    }
  }

  async settle(
    scope: Scope,
    charge: Payment,
    refund: Refund,
    { job, event, from = 'pending', schedules }: RefundSettling,
    now: Date,
  ): Promise<void> {
    const failed = refund.state === 'failed';
    const writes: StoreWrite[] = [
      ...(job ? [{ kind: 'claim-job', job } as const] : []),
      ...(schedules ? [{ kind: 'schedule-job', job: schedules } as const] : []),
      {
        kind: 'update',
        ref: { record: 'refund', token: refund.token },
        set: { refund },
        bump: false,
        when: { equals: [{ path: ['refund', 'state'], value: from }] },
        refusal: () => new Changed('refund', refund.token),
      },
    ];
    // Still pending (at the processor): the charge's amounts stay as the refund's creation left
    // them; a stood payment's refund never touched them.
    if (refund.state !== 'pending' && !refund.ofStoodPayment) {
      const add = [
        ...(from === 'pending' ? [{ path: ['payment', 'pendingRefunds'], by: -1 }] : []),
        ...(failed
          ? [
              { path: ['payment', 'amountRefunded'], by: -refund.amount },
              { path: ['refundable'], by: refund.amount },
            ]
          : []),
      ];
      if (add.length > 0)
        writes.push({
          kind: 'update',
          ref: { record: 'payment', token: refund.chargeToken },
          set: {},
          add,
          bump: false,
          when: {},
        });
    }
    // A failed refund's amount back in the balance, for the next transfer to pay out first.
    if (failed && !refund.ofStoodPayment) writes.push(givingBack(charge, refund));
    if (event) writes.push({ kind: 'event', event });
    await this.writer.commit(scope, writes, now);
  }
}
