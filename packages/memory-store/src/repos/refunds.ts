import type { Payment, Refund, Scope, WattleEvent } from '@wattle/domain';
import {
  BalanceShort,
  Changed,
  jobKinds,
  type Page,
  type RefundsStore,
  type ScheduledJob,
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
export class MemoryRefunds implements RefundsStore {
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

  async settle(
    scope: Scope,
    charge: Payment,
    refund: Refund,
    job: ScheduledJob,
    event: WattleEvent,
    now: Date,
  ) {
    const failed = refund.state === 'failed';
    const id = scoped(scope, refund.token);
    const chargeId = scoped(scope, refund.chargeToken);
    const change = this.world.jobs
      .claimIn(new Change(), job)
      .check(() => this.refunds.get(id)?.refund.state === 'pending', 'refund')
      .write(() => {
        this.refunds.get(id)!.refund = copy(refund);
        const record = this.payments.get(chargeId);
        if (!record) return;
        record.payment.pendingRefunds -= 1;
        if (failed) {
          record.payment.amountRefunded -= refund.amount;
          record.refundable = (record.refundable ?? 0) + refund.amount;
        }
      });
    if (failed) giveBackIn(this.world, change, scope, charge, refund);
    this.world.outbox.recordIn(change, scope, event, now).commit();
  }

  private read(id: string): Refund | undefined {
    const stored = this.refunds.get(id);
    return stored ? copy(stored.refund) : undefined;
  }
}
