import { chargeLineItem, feeLineItem, paidFromGivenBack, type TransferLineItem } from '@wattle/domain';
import {
  type BalanceStore,
  JobTaken,
  type PayoutJobData,
  type ScheduledJob,
  type ScheduleStore,
  type TransferLinks,
  type TransfersStore,
} from '@wattle/ports';
import { spanOf } from './payout-span.ts';

export interface PayOutTransferDeps {
  transfers: TransfersStore;
  balance: Pick<BalanceStore, 'walkCredits'>;
  payments: TransferLinks;
  schedule: Pick<ScheduleStore, 'drop'>;
}

/** Charges linked at once by the payout job. */
const linkConcurrency = 16;

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
    const from = transfer.creditsFrom;
    const span = await spanOf(
      balance,
      job.scope,
      cursor,
      from,
      from + transfer.totalCredits - paidFromGivenBack(transfer),
    );
    const paid = [...(transfer.givenBackPaid ?? []), ...span.credits];
    const items: TransferLineItem[] = paid.map(({ credit, amount }) =>
      chargeLineItem(credit, amount, transfer.createdAt),
    );
    if (transfer.totalDebits > 0) items.push(feeLineItem(transfer));
    await transfers.putLineItems(job.scope, transfer.token, 1, items);
    const link = { state: transfer.status, paidAt: transfer.paidAt, token: transfer.token };
    const charges = [...new Set(paid.map(({ credit }) => credit.chargeToken))];
    for (let i = 0; i < charges.length; i += linkConcurrency) {
      await Promise.all(
        charges.slice(i, i + linkConcurrency).map((charge) => payments.linkTransfer(job.scope, charge, link)),
      );
    }
  }
  try {
    await schedule.drop(job);
  } catch (error) {
    if (!(error instanceof JobTaken)) throw error;
  }
};
