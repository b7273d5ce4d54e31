import { newEvent, returnedCredits, type Transfer, toTimestamp } from '@wattle/domain';
import {
  type BalanceStore,
  Changed,
  type Clock,
  type Ids,
  JobTaken,
  type PayoutJobData,
  type ScheduledJob,
  type ScheduleStore,
  type TransferLinks,
  type TransfersStore,
} from '@wattle/ports';
import { presentTransfer } from '@wattle/wire';
import { forEachCharge, paidOutBy } from './payout-span.ts';

export interface ReturnTransferDeps {
  transfers: TransfersStore;
  balance: Pick<BalanceStore, 'walkCredits'>;
  payments: TransferLinks;
  schedule: Pick<ScheduleStore, 'drop'>;
  clock: Clock;
  ids: Ids;
}

/**
 * The return job: the simulated bank sent back a transfer to an account that rejects payouts
 * (transfer.failed). What it paid out is given back as the payout job found it (the same
 * deterministic walk), so the next transfer pays those charges out again; the charges show it
 * `failed` first, then one transaction fails it, gives the money back and claims the job, so a
 * crash in between only repeats idempotent writes and overlapping runs fail it once.
 */
export const returnTransfer = async (deps: ReturnTransferDeps, job: ScheduledJob): Promise<void> => {
  const { transfers, balance, payments, schedule, clock, ids } = deps;
  const transfer = await transfers.get(job.scope, job.token);
  if (transfer?.status !== 'succeeded') {
    await schedule.drop(job).catch((error: unknown) => {
      if (!(error instanceof JobTaken)) throw error;
    });
    return;
  }
  const { cursor } = job.data as unknown as PayoutJobData;
  const paid = await paidOutBy(balance, job.scope, transfer, cursor);
  const failed: Transfer = { ...transfer, status: 'failed' };
  const link = { state: failed.status, paidAt: failed.paidAt, token: failed.token };
  await forEachCharge(paid, (charge) => payments.restateTransfer(job.scope, charge, link));
  const now = clock.now();
  const event = newEvent(ids, 'transfer.failed', presentTransfer(failed), toTimestamp(now));
  try {
    await transfers.fail(job.scope, failed, returnedCredits(failed, paid), event, job, now);
  } catch (error) {
    // Another run failed it first (it claimed the job, or the transfer is failed already).
    if (!(error instanceof JobTaken) && !(error instanceof Changed)) throw error;
  }
};
