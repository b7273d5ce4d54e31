import { type Dispute, isOpen, type Payment, type Scope, type WattleEvent } from '@wattle/domain';
import {
  Changed,
  type DisputeStepWrites,
  type DisputesStore,
  filesSubmission,
  type ScheduledJob,
} from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { listSortKey, scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { debitIn, giveBackIn } from '../world/money.ts';
import { paymentsOf } from '../world/payment-records.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';

interface StoredDispute {
  dispute: Dispute;
  sortKey: string;
}

/** Disputes: each step written under the dispute's version, so of racing steps exactly one commits. */
export class DisputesRepo implements DisputesStore {
  private readonly disputes;
  private readonly payments;
  private readonly writes: StoreWrites;

  constructor(private readonly world: MemoryWorld) {
    this.disputes = world.table<StoredDispute>('dispute');
    this.payments = paymentsOf(world);
    this.writes = new StoreWrites(world);
  }

  async get(scope: Scope, disputeToken: string): Promise<Dispute | null> {
    const stored = this.disputes.get(scoped(scope, disputeToken));
    return stored ? copy(stored.dispute) : null;
  }

  async all(scope: Scope, limit: number): Promise<Dispute[]> {
    return this.world.lists
      .between(listKey(scope, 'disputes'), '0', '~', limit)
      .map((id) => copy(this.disputes.get(id)!.dispute));
  }

  async count(scope: Scope): Promise<number> {
    return this.world.lists.count(listKey(scope, 'disputes'));
  }

  async open(
    scope: Scope,
    dispute: Dispute,
    charge: Payment,
    writes: DisputeStepWrites & { claim?: ScheduledJob | undefined; event: WattleEvent },
    now: Date,
  ): Promise<void> {
    const id = scoped(scope, dispute.token);
    const chargeId = scoped(scope, charge.token);
    const list = listKey(scope, 'disputes');
    const claimed = new Change();
    if (writes.claim) this.world.jobs.claimIn(claimed, writes.claim);
    const change = claimed
      // The charge as it was read: no refund since (refundable unchanged), no dispute yet.
      .check(
        () => {
          const record = this.payments.get(chargeId);
          return (
            record?.payment.state === 'captured' &&
            record.refundable === dispute.amount &&
            record.payment.dispute === undefined
          );
        },
        () => new Changed('charge', charge.token),
      )
      .check(() => !this.disputes.has(id), 'dispute')
      .write(() => {
        const record = this.payments.get(chargeId)!;
        record.payment.dispute = { token: dispute.token, open: true };
        record.refundable = 0;
        const stored = { dispute: copy(dispute), sortKey: listSortKey(now, dispute.token) };
        this.disputes.set(id, stored);
        this.world.lists.join(list, stored.sortKey, id);
        this.world.lists.move(list, 1);
      });
    // Not refusable: the issuer has taken the money, so the balance may go below zero.
    debitIn(this.world, change, scope, dispute.currency, dispute.amount + dispute.fee);
    this.writeIn(change, scope, dispute, writes, now).commit();
  }

  async step(
    scope: Scope,
    read: Dispute,
    next: Dispute,
    writes: DisputeStepWrites,
    now: Date,
  ): Promise<void> {
    const id = scoped(scope, read.token);
    const change = new Change();
    if (writes.claim) this.world.jobs.claimIn(change, writes.claim);
    change
      .check(
        () => this.disputes.get(id)?.dispute.version === read.version,
        () => new Changed('dispute', read.token),
      )
      .write(() => {
        this.disputes.get(id)!.dispute = copy(next);
        const record = this.payments.get(scoped(scope, read.charge.token));
        if (record?.payment.dispute && isOpen(read.status) !== isOpen(next.status))
          record.payment.dispute.open = isOpen(next.status);
      });
    if (writes.giveBack) giveBackIn(this.world, change, scope, next.charge, next);
    if (writes.files?.length) this.writes.addTo(change, scope, filesSubmission(writes.files, now), now);
    this.writeIn(change, scope, next, writes, now).commit();
  }

  /** The jobs scheduled and cancelled with a step, and its event. */
  private writeIn(
    change: Change,
    scope: Scope,
    dispute: Dispute,
    writes: DisputeStepWrites,
    now: Date,
  ): Change {
    for (const job of writes.schedule ?? []) this.world.jobs.scheduleIn(change, job);
    for (const kind of writes.cancel ?? []) this.world.jobs.cancelIn(change, kind, scope, dispute.token);
    if (writes.event) this.world.outbox.recordIn(change, scope, writes.event, now);
    return change;
  }
}
