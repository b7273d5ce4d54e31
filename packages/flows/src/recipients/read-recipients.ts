import { PinError, type Recipient, type Scope, type Transfer } from '@wattle/domain';
import type { LoadedRecipient, Page, RecipientsStore, TransfersStore } from '@wattle/ports';

type Deps = { recipients: Pick<RecipientsStore, 'get'> };

/** The recipient with its version, or 404 (also for another merchant's or environment's). */
export const loadRecipient = async (
  { recipients }: Deps,
  scope: Scope,
  recipientToken: string,
): Promise<LoadedRecipient> => {
  const loaded = await recipients.get(scope, recipientToken);
  if (!loaded) throw new PinError('not_found');
  return loaded;
};

export const getRecipient = async (deps: Deps, scope: Scope, recipientToken: string): Promise<Recipient> =>
  (await loadRecipient(deps, scope, recipientToken)).recipient;

export const listRecipients = (
  { recipients }: { recipients: Pick<RecipientsStore, 'list'> },
  scope: Scope,
  page: number,
): Promise<Page<Recipient>> => recipients.list(scope, page);

/** GET /recipients/{token}/transfers: the transfers paid to one recipient, newest first. */
export const listRecipientTransfers = async (
  deps: Deps & { transfers: Pick<TransfersStore, 'listForRecipient'> },
  scope: Scope,
  recipientToken: string,
  page: number,
): Promise<Page<Transfer>> => {
  const { recipient } = await loadRecipient(deps, scope, recipientToken);
  return deps.transfers.listForRecipient(scope, recipient.token, page);
};
