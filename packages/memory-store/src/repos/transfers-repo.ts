import {
  type ChargeCredit,
  pageWindow,
  type Scope,
  type Transfer,
  type TransferLineItem,
  type WattleEvent,
} from '@wattle/domain';
import {
  Changed,
  jobKinds,
  type Page,
  type ScheduledJob,
  type TransferDebit,
  type TransfersStore,
} from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { listSortKey, scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { createdRange, pageOf } from '../world/lists.ts';
import { debitIn } from '../world/money.ts';
import type { MemoryWorld } from '../world/world.ts';

interface StoredTransfer {
  transfer: Transfer;
  sortKey: string;
  /** Its line items, numbered from 1. */
  lineItems: Map<number, TransferLineItem>;
}

/** Transfers, their line items, and the lists by merchant and by recipient. */
export class TransfersRepo implements TransfersStore {
  private readonly transfers;

  constructor(private readonly world: MemoryWorld) {
    this.transfers = world.table<StoredTransfer>('transfer');
  }

  async create(
    scope: Scope,
    transfer: Transfer,
    event: WattleEvent,
    now: Date,
    { ledger, job, walkEnd, consumes, givenBackLeft, returnsAt }: TransferDebit,
  ): Promise<ScheduledJob> {
    const id = scoped(scope, transfer.token);
    const lists = [
      listKey(scope, 'transfers'),
      ...(transfer.recipient !== 'self' ? [listKey(scope, 'transfers', transfer.recipient)] : []),
    ];
    const change = new Change()
      .check(() => !this.transfers.has(id), 'transfer')
      .write(() => {
        const stored = {
          transfer: copy(transfer),
          sortKey: listSortKey(now, transfer.token),
          lineItems: new Map(),
        };
        this.transfers.set(id, stored);
        for (const list of lists) {
          this.world.lists.join(list, stored.sortKey, id);
          this.world.lists.move(list, 1);
        }
      });
    debitIn(this.world, change, scope, transfer.currency, transfer.totalCredits, {
      seen: ledger,
      refused: () => new Changed('balance', transfer.currency),
      cursor: walkEnd,
      consumes,
      givenBackLeft,
    });
    this.world.outbox.recordIn(change, scope, event, now);
    const payout: ScheduledJob = {
      kind: jobKinds.transferPayout,
      scope,
      token: transfer.token,
      dueAt: now,
      data: { ...job },
    };
    this.world.jobs.scheduleIn(change, payout);
    if (returnsAt)
      this.world.jobs.scheduleIn(change, {
        kind: jobKinds.transferReturn,
        scope,
        token: transfer.token,
        dueAt: returnsAt,
        data: { ...job },
      });
    change.commit();
    return payout;
  }

  async fail(
    scope: Scope,
    failed: Transfer,
    returned: ChargeCredit[],
    event: WattleEvent,
    job: ScheduledJob,
    now: Date,
  ): Promise<void> {
    const id = scoped(scope, failed.token);
    const change = new Change()
      .check(
        () => this.transfers.get(id)?.transfer.status === 'succeeded',
        () => new Changed('transfer', failed.token),
      )
      .write(() => {
        this.transfers.get(id)!.transfer = copy(failed);
      });
    debitIn(this.world, change, scope, failed.currency, -failed.totalCredits, { giveBack: returned });
    this.world.jobs.claimIn(change, job);
    this.world.outbox.recordIn(change, scope, event, now).commit();
  }

  async get(scope: Scope, transferToken: string): Promise<Transfer | null> {
    return this.read(scoped(scope, transferToken)) ?? null;
  }

  async list(scope: Scope, page: number): Promise<Page<Transfer>> {
    return pageOf(this.world.lists.page(listKey(scope, 'transfers'), page), (id) => this.read(id));
  }

  async listForRecipient(scope: Scope, recipientToken: string, page: number): Promise<Page<Transfer>> {
    return pageOf(this.world.lists.page(listKey(scope, 'transfers', recipientToken), page), (id) =>
      this.read(id),
    );
  }

  async between(scope: Scope, from: Date | null, to: Date | null, limit: number): Promise<Transfer[]> {
    const range = createdRange(from, to);
    return this.world.lists
      .between(listKey(scope, 'transfers'), range.from, range.to, limit)
      .map((id) => this.read(id))
      .filter((transfer): transfer is Transfer => transfer !== undefined);
  }

  async lineItems(scope: Scope, transfer: Transfer, page: number): Promise<Page<TransferLineItem>> {
    const { skip, take } = pageWindow(page);
    const total = transfer.lineItemsCount;
    const stored = this.transfers.get(scoped(scope, transfer.token));
    const items: TransferLineItem[] = [];
    for (let index = skip + 1; index <= Math.min(skip + take, total); index++) {
      const item = stored?.lineItems.get(index);
      if (item) items.push(copy(item));
    }
    return { items, total };
  }

  async putLineItems(scope: Scope, transferToken: string, firstIndex: number, items: TransferLineItem[]) {
    const stored = this.transfers.get(scoped(scope, transferToken));
    if (!stored) return;
    for (const [i, item] of items.entries()) stored.lineItems.set(firstIndex + i, copy(item));
  }

  private read(id: string): Transfer | undefined {
    const stored = this.transfers.get(id);
    return stored ? copy(stored.transfer) : undefined;
  }
}
