import { chargeLineItem, feeLineItem, type TransferLineItem } from '@wattle/domain';
import {
  type BalanceStore,
  JobTaken,
  type PayoutJobData,
  type ScheduledJob,
  type ScheduleStore,
  type TransferLinks,
  type TransfersStore,
} from '@wattle/ports';
import { forEachCharge, paidOutBy } from './payout-span.ts';

export interface PayOutTransferDeps {
  transfers: TransfersStore;
  balance: Pick<BalanceStore, 'walkCredits'>;
  payments: TransferLinks;
  schedule: Pick<ScheduleStore, 'drop'>;
}

/**
 * The payout job: writes the transfer's line items and shows the transfer on each charge it paid
 * out. Every write is idempotent, so a run that crashed half way is simply run again.
 */
export const payOutTransfer = async (
  { transfers, balance, payments, schedule }: PayOutTransferDeps,
  job: ScheduledJob,
): Promise<void> => {
  const transfer = await transfers.get(job.scope, job.token);
  if (transfer) {
    const { cursor } = job.data as unknown as PayoutJobData;
    const paid = await paidOutBy(balance, job.scope, transfer, cursor);
    const items: TransferLineItem[] = paid.map(({ credit, amount }) =>
      chargeLineItem(credit, amount, transfer.createdAt),
    );
    if (transfer.totalDebits > 0) items.push(feeLineItem(transfer));
    await transfers.putLineItems(job.scope, transfer.token, 1, items);
    const link = { state: transfer.status, paidAt: transfer.paidAt, token: transfer.token };
    await forEachCharge(paid, (charge) => payments.linkTransfer(job.scope, charge, link));
  }
  try {
    await schedule.drop(job);
  } catch (error) {
    if (!(error instanceof JobTaken)) throw error;
  }
};
