import type { Environment } from '@wattle/domain';
import { jobKinds, type ScheduledJob } from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { recoveryDuePrefix } from '../kernel/due-reads.ts';
import { type JobLabel, recoveryDueItem, recoveryDueType, timeOrderedDueItem } from '../kernel/schedule.ts';
import { landed, type Migration } from './runner.ts';

const jobOf = (item: Record<string, unknown>): ScheduledJob => ({
  kind: jobKinds.paymentRecovery,
  scope: { accountId: item.accountId as string, environment: item.environment as Environment },
  token: item.token as string,
  dueAt: new Date(item.dueAt as string),
  ...(item.data && Object.keys(item.data).length > 0 ? { data: item.data as Record<string, unknown> } : {}),
});

/**
 * Version 5: every payment's recovery due item named by its payment (kernel/schedule.ts
 * recoveryDueKey: `DUE#<shard>` / `!RECOVERY#…`, before every due time) instead of by its due time,
 * so a second's charges write all over the partitions' key ranges, not at their ends (decision 212).
 * It visits the payment-recovery due items the code before wrote (`_et` job, in `DUE#<shard>`),
 * each in one transaction: deleted where it was under `attribute_exists(pk)` (a settlement or a
 * claim that took it meanwhile leaves it gone) and put where today's code reads it. While it runs,
 * today's code cancels a recovery job in both places, and an item not yet moved waits for it: the
 * scheduler takes a payment's recovery only in its new form. The release before passes over the
 * new form (it has no `kind`), and today's code reads the one it writes.
 */
export const recoveryDueItems: Migration = {
  version: 5,
  id: 'recovery-due-items',
  summary:
    'every payment’s recovery due item named by its payment (DUE#<shard> / !RECOVERY#…), not by its due time',
  // The items of both forms: the revert visits the new.
  filter: {
    FilterExpression: '(#et = :job AND #kind = :kind) OR #et = :now',
    ExpressionAttributeNames: { '#et': '_et', '#kind': 'kind' },
    ExpressionAttributeValues: { ':job': 'job', ':kind': jobKinds.paymentRecovery, ':now': recoveryDueType },
  },
  visit: async (ctx: StoreContext, item: Record<string, unknown>): Promise<string> => {
    // Moved already; or a job item or a due item from before migration 1, that migration's to move.
    if (item._et === recoveryDueType || !/^DUE#\d+$/.test(String(item.pk))) return 'current';
    return landed('moved', () =>
      newTransaction<JobLabel>(ctx)
        .delete('job', { Key: { pk: item.pk, sk: item.sk }, ConditionExpression: 'attribute_exists(pk)' })
        .put('due', { Item: recoveryDueItem(jobOf(item)) })
        .commit(ctx.doc),
    );
  },
  /**
   * Back where the release before reads it, for a rollback to that release (run once it is
   * deployed): each item deleted under `attribute_exists(pk)` and put named by its due time, with
   * its kind, as that release wrote it.
   */
  revert: async (ctx: StoreContext, item: Record<string, unknown>): Promise<string> => {
    if (item._et !== recoveryDueType || !String(item.sk).startsWith(recoveryDuePrefix)) return 'current';
    return landed('moved back', () =>
      newTransaction<JobLabel>(ctx)
        .delete('due', { Key: { pk: item.pk, sk: item.sk }, ConditionExpression: 'attribute_exists(pk)' })
        .put('job', { Item: timeOrderedDueItem(jobOf(item)) })
        .commit(ctx.doc),
    );
  },
};
