import { PinError, type Scope, type Transfer, type TransferLineItem } from '@wattle/domain';
import type { Page, RecipientsStore, TransfersStore } from '@wattle/ports';

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

/** A transfer as a search sees it: with its recipient's e-mail and name, which Pin's search matches too. */
export interface SearchedTransfer extends Transfer {
  /** The recipient's e-mail and name as they are now; none for `self` or a deleted recipient. */
  recipientTexts: readonly string[];
}

/**
 * What GET /transfers/search filters and sorts: the transfers created in [from, to), newest
 * first, each with its recipient's e-mail and name (each recipient read once).
 */
export const transfersBetween = async (
  { transfers, recipients }: Deps & { recipients: RecipientsStore },
  scope: Scope,
  from: Date | null,
  to: Date | null,
  limit: number,
): Promise<SearchedTransfer[]> => {
  const found = await transfers.between(scope, from, to, limit);
  const tokens = [...new Set(found.map((transfer) => transfer.recipient))].filter(
    (token) => token !== 'self',
  );
  const texts = new Map(
    await Promise.all(
      tokens.map(async (token) => {
        const loaded = await recipients.get(scope, token);
        return [token, loaded ? [loaded.recipient.email, loaded.recipient.name] : []] as const;
      }),
    ),
  );
  return found.map((transfer) => ({ ...transfer, recipientTexts: texts.get(transfer.recipient) ?? [] }));
};

/** The charges a transfer paid out (and its fee), in payout order; 404 when there is no such transfer. */
export const listTransferLineItems = async (
  deps: Deps,
  scope: Scope,
  transferToken: string,
  page: number,
): Promise<Page<TransferLineItem>> =>
  deps.transfers.lineItems(scope, await getTransfer(deps, scope, transferToken), page);
