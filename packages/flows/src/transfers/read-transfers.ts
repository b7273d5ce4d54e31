import { PinError, type Scope, type Transfer, type TransferLineItem } from '@wattle/domain';
import type { Page, TransfersStore } from '@wattle/ports';

type Deps = { transfers: TransfersStore };

/** The transfer, or 404 (also for another merchant's or environment's). */
export const getTransfer = async (
  { transfers }: Deps,
  scope: Scope,
  transferToken: string,
): Promise<Transfer> => {
  const transfer = await transfers.get(scope, transferToken);
  if (!transfer) throw new PinError('not_found');
  return transfer;
};

export const listTransfers = ({ transfers }: Deps, scope: Scope, page: number): Promise<Page<Transfer>> =>
  transfers.list(scope, page);

/** What GET /transfers/search filters and sorts: the transfers created in [from, to), newest first. */
export const transfersBetween = (
  { transfers }: Deps,
  scope: Scope,
  from: Date | null,
  to: Date | null,
  limit: number,
): Promise<Transfer[]> => transfers.between(scope, from, to, limit);

/** The charges a transfer paid out (and its fee), in payout order; 404 when there is no such transfer. */
export const listTransferLineItems = async (
  deps: Deps,
  scope: Scope,
  transferToken: string,
  page: number,
): Promise<Page<TransferLineItem>> =>
  deps.transfers.lineItems(scope, await getTransfer(deps, scope, transferToken), page);
