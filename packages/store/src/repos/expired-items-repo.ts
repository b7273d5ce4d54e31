import { type Scope, toEpochSeconds } from '@wattle/domain';
import {
  type ExpiredItem,
  type ExpiredItemsStore,
  type ExpiringList,
  expiredMarkSeconds,
} from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { type Counter, countIn } from '../kernel/counters.ts';
import { eventsCounter } from '../kernel/events-outbox.ts';
import { keys } from '../kernel/keys.ts';
import { webhooksCounter } from './webhooks-repo.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
type ExpiredItemLabel = 'mark';

const counters: Record<ExpiringList, (scope: Scope) => Counter> = {
  events: eventsCounter,
  webhooks: webhooksCounter,
};

export class ExpiredItemsRepo implements ExpiredItemsStore {
  constructor(private readonly ctx: StoreContext) {}

  async uncount(item: ExpiredItem, now: Date): Promise<boolean> {
    const tx = newTransaction<ExpiredItemLabel>(this.ctx).put('mark', {
      Item: {
        ...keys.expiryMark(item.scope, item.token),
        _et: 'expiry_mark',
        list: item.list,
        expiresAt: toEpochSeconds(now) + expiredMarkSeconds,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    countIn(tx, counters[item.list](item.scope), -1);
    try {
      await tx.commit(this.ctx.doc);
      return true;
    } catch (error) {
      if (tx.failedOn(error)?.label === 'mark') return false;
      throw error;
    }
  }
}
