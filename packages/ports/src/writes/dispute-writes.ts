import { type Dispute, isOpen, type Payment, type Scope, type WattleEvent } from '@wattle/domain';
import type { DisputeStepWrites, DisputesStore } from '../disputes.ts';
import { Changed } from '../outcomes.ts';
import type { ScheduledJob } from '../schedule.ts';
import { filesSubmission } from './file-writes.ts';
import { givingBack } from './money-writes.ts';
import { type ListRef, listSortKey, type StoreWrite, type StoreWriter } from './store-writes.ts';

/** The disputes' writes (DisputesStore), once for both engines. */

const disputes: ListRef = { list: 'disputes' };

/** The issuer's next jobs and the ones a step makes moot, and the step's event. */
const followUps = (dispute: Dispute, writes: DisputeStepWrites): StoreWrite[] => [
  ...(writes.schedule ?? []).map((job): StoreWrite => ({ kind: 'schedule-job', job })),
  ...(writes.cancel ?? []).map((job): StoreWrite => ({ kind: 'cancel-job', job, token: dispute.token })),
  ...(writes.event ? [{ kind: 'event', event: writes.event } as const] : []),
];

/**
 * Disputes' port's writes, on an engine's writer: its repository extends this with its reads. A
 * step is written under the dispute's version (every step moves it), so of racing steps exactly
 * one commits and the other reads again.
 */
export abstract class DisputeWrites implements Pick<DisputesStore, 'open' | 'step'> {
  constructor(protected readonly writer: StoreWriter) {}

  async open(
    scope: Scope,
    dispute: Dispute,
    charge: Payment,
    writes: DisputeStepWrites & { claim?: ScheduledJob | undefined; event: WattleEvent },
    now: Date,
  ): Promise<void> {
    await this.writer.commit(
      scope,
      [
        ...(writes.claim ? [{ kind: 'claim-job', job: writes.claim } as const] : []),
        // The charge as it was read: no refund since (refundable unchanged), no dispute yet.
        {
          kind: 'update',
          ref: { record: 'payment', token: charge.token },
          set: { refundable: 0 },
          setAt: [{ path: ['payment', 'dispute'], value: { token: dispute.token, open: true } }],
          bump: false,
          when: {
            equals: [
              { path: ['payment', 'state'], value: 'captured' },
              { path: ['refundable'], value: dispute.amount },
            ],
            absent: [['payment', 'dispute']],
          },
          refusal: () => new Changed('charge', charge.token),
        },
        {
          kind: 'create',
          ref: { record: 'dispute', token: dispute.token },
          fields: { dispute },
          listed: [{ in: disputes, sortKey: listSortKey(now, dispute.token) }],
        },
        { kind: 'count', list: disputes, by: 1 },
        // Not refusable: the issuer has taken the money, so the balance may go below zero.
        { kind: 'debit', currency: dispute.currency, amount: dispute.amount + dispute.fee, debit: {} },
        ...followUps(dispute, writes),
      ],
      now,
    );
  }

  async step(
    scope: Scope,
    read: Dispute,
    next: Dispute,
    writes: DisputeStepWrites,
    now: Date,
  ): Promise<void> {
    const list: StoreWrite[] = writes.claim ? [{ kind: 'claim-job', job: writes.claim }] : [];
    list.push({
      kind: 'update',
      ref: { record: 'dispute', token: read.token },
      set: { dispute: next },
      bump: false,
      when: { equals: [{ path: ['dispute', 'version'], value: read.version }] },
      refusal: () => new Changed('dispute', read.token),
    });
    if (isOpen(read.status) !== isOpen(next.status))
      list.push({
        kind: 'update',
        ref: { record: 'payment', token: read.charge.token },
        set: {},
        setAt: [{ path: ['payment', 'dispute', 'open'], value: isOpen(next.status) }],
        bump: false,
        when: {},
      });
    // A closing the merchant wins: the amount back, for the next transfer to pay out first.
    if (writes.giveBack) list.push(givingBack(next.charge, next));
    if (writes.files?.length) list.push(...filesSubmission(writes.files, now));
    await this.writer.commit(scope, [...list, ...followUps(next, writes)], now);
  }
}
