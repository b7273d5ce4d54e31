import type { Payment, Refund, Scope, WattleEvent } from '@wattle/domain';
import {
  BalanceShort,
  Changed,
  jobKinds,
  type Page,
  type RefundSettling,
  type RefundsStore,
} from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { listSortKey, scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import { debitIn, giveBackIn } from '../world/money.ts';
import { paymentsOf } from '../world/payment-records.ts';
import type { MemoryWorld } from '../world/world.ts';

interface StoredRefund {
  refund: Refund;
  sortKey: string;
}

/** Refunds: each takes its amount off what is left of its charge, never past it, however they race. */
export class RefundsRepo implements RefundsStore {
  private readonly refunds;
  private readonly payments;

  constructor(private readonly world: MemoryWorld) {
    this.refunds = world.table<StoredRefund>('refund');
    this.payments = paymentsOf(world);
  }

  async get(scope: Scope, refundToken: string): Promise<Refund | null> {
    const stored = this.refunds.get(scoped(scope, refundToken));
    return stored ? copy(stored.refund) : null;
  }

  async list(scope: Scope, page: number): Promise<Page<Refund>> {
    return pageOf(this.world.lists.page(listKey(scope, 'refunds'), page), (id) => this.read(id));
  }

  async listForCharge(scope: Scope, chargeToken: string, page: number): Promise<Page<Refund>> {
    return pageOf(this.world.lists.page(listKey(scope, 'refunds', chargeToken), page), (id) => this.read(id));
  }

  async create(
    scope: Scope,
    refund: Refund,
    event: WattleEvent,
    settleAt: Date,
    now: Date,
    credited: number,
  ) {
    const id = scoped(scope, refund.token);
    const chargeId = scoped(scope, refund.chargeToken);
    const change = new Change()
      .check(
        () => {
          const charge = this.payments.get(chargeId);
          return (charge?.refundable ?? -1) >= refund.amount && charge?.payment.state === 'captured';
        },
        () => new Changed('charge', refund.chargeToken),
      )
      .check(() => !this.refunds.has(id), 'refund')
      .write(() => {
        const charge = this.payments.get(chargeId)!;
        charge.payment.amountRefunded += refund.amount;
        charge.payment.pendingRefunds += 1;
        charge.refundable! -= refund.amount;
        const stored = { refund: copy(refund), sortKey: listSortKey(now, refund.token) };
        this.refunds.set(id, stored);
        for (const list of [listKey(scope, 'refunds'), listKey(scope, 'refunds', refund.chargeToken)]) {
          this.world.lists.join(list, stored.sortKey, id);
          this.world.lists.move(list, 1);
        }
      });
    this.world.jobs.scheduleIn(change, {
      kind: jobKinds.refundSettlement,
      scope,
      token: refund.token,
      dueAt: settleAt,
    });
    debitIn(this.world, change, scope, refund.currency, refund.amount, {
      within: credited,
      refused: () => new BalanceShort(refund.amount),
    });
    this.world.outbox.recordIn(change, scope, event, now).commit();
  }

  /** A stood payment's refund, new: the refund alone; nothing when it exists (see RefundsStore.recordOfStoodPayment). */
  async recordOfStoodPayment(scope: Scope, refund: Refund, now: Date): Promise<void> {
    const id = scoped(scope, refund.token);
    if (this.refunds.has(id)) return;
    this.refunds.set(id, { refund: copy(refund), sortKey: listSortKey(now, refund.token) });
  }

  /**
   * The refund of `charge` as the processor answered (see RefundsStore.settle): written only from
   * `from` (Changed when it is no longer there: another run or notification came first); a refund
   * failed gives its amount back to the charge and to the balance. Claims the job when there is one.
   */
  async settle(
    scope: Scope,
    charge: Payment,
    refund: Refund,
    { job, event, from = 'pending', schedules }: RefundSettling,
    now: Date,
  ) {
    const failed = refund.state === 'failed';
    const id = scoped(scope, refund.token);
    const chargeId = scoped(scope, refund.chargeToken);
    const change = new Change();
    if (job) this.world.jobs.claimIn(change, job);
    if (schedules) this.world.jobs.scheduleIn(change, schedules);
    change
      .check(
        () => this.refunds.get(id)?.refund.state === from,
        () => new Changed('refund', refund.token),
      )
      .write(() => {
        this.refunds.get(id)!.refund = copy(refund);
        // Still pending (at the processor): the charge's amounts stay as the refund's creation left
        // them; a stood payment's refund never touched them.
        if (refund.state === 'pending' || refund.ofStoodPayment) return;
        const record = this.payments.get(chargeId);
        if (!record) return;
        if (from === 'pending') record.payment.pendingRefunds -= 1;
        if (failed) {
          record.payment.amountRefunded -= refund.amount;
          record.refundable = (record.refundable ?? 0) + refund.amount;
        }
      });
    if (failed && !refund.ofStoodPayment) giveBackIn(this.world, change, scope, charge, refund);
    if (event) this.world.outbox.recordIn(change, scope, event, now);
    change.commit();
  }

  private read(id: string): Refund | undefined {
    const stored = this.refunds.get(id);
    return stored ? copy(stored.refund) : undefined;
  }
}
