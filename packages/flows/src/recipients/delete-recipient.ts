import { type Clock, type Ids, newEvent, type Scope, toTimestamp } from '@wattle/domain';
import type { RecipientsStore, RetryPacing } from '@wattle/ports';
import { presentRecipient } from '@wattle/wire';
import { retryOnChange } from '../shared/retry-on-change.ts';
import { loadRecipient } from './read-recipients.ts';

/** DELETE /recipients/{token}: the recipient as read; the transfers already paid to it keep its bank account. */
export const deleteRecipient = async (
  deps: { recipients: Pick<RecipientsStore, 'get' | 'delete'>; clock: Clock; ids: Ids; pacing: RetryPacing },
  scope: Scope,
  recipientToken: string,
): Promise<void> => {
  const { recipients, clock, ids } = deps;
  await retryOnChange(deps.pacing, async () => {
    const loaded = await loadRecipient(deps, scope, recipientToken);
    const now = clock.now();
    const event = newEvent(ids, 'recipient.deleted', presentRecipient(loaded.recipient), toTimestamp(now));
    await recipients.delete(scope, loaded, event, now);
  });
};
