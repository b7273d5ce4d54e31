import { type Clock, invalidToken, newEvent, type Recipient, type Scope, toTimestamp } from '@wattle/domain';
import type { RecipientsStore, RetryPacing } from '@wattle/ports';
import { presentRecipient } from '@wattle/wire';
import { commitUsingToken } from '../cards/card-intake.ts';
import { retryOnChange } from '../shared/retry-on-change.ts';
import {
  type BankAccountIntakeDeps,
  type BankAccountSource,
  takeInBankAccount,
} from './bank-account-intake.ts';
import { loadRecipient } from './read-recipients.ts';

/** What PUT /recipients changes: each field only when given. */
export interface RecipientChanges {
  email?: string | undefined;
  name?: string | undefined;
  bankAccount: BankAccountSource | null;
}

export type UpdateRecipientDeps = BankAccountIntakeDeps & {
  recipients: Pick<RecipientsStore, 'get' | 'update'>;
  clock: Clock;
  pacing: RetryPacing;
};

/**
 * PUT /recipients/{token}: the changes applied to the recipient as read, under its version; a
 * change that came in between makes it read and apply them again. A new bank account is sealed
 * (or its token found) once, before the rounds.
 */
export const updateRecipient = async (
  deps: UpdateRecipientDeps,
  scope: Scope,
  recipientToken: string,
  changes: RecipientChanges,
): Promise<Recipient> => {
  const { recipients, clock, ids } = deps;
  const now = clock.now();
  const intake = changes.bankAccount && (await takeInBankAccount(deps, scope, changes.bankAccount, now));
  return retryOnChange(deps.pacing, async () => {
    const loaded = await loadRecipient(deps, scope, recipientToken);
    const recipient: Recipient = {
      ...loaded.recipient,
      ...(changes.email !== undefined ? { email: changes.email } : {}),
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(intake ? { bankAccount: intake.sealed.bankAccount } : {}),
    };
    const event = newEvent(ids, 'recipient.updated', presentRecipient(recipient), toTimestamp(now));
    await commitUsingToken(
      () => invalidToken('bank_account_token'),
      () => recipients.update(scope, loaded, recipient, intake, event, now),
    );
    return recipient;
  });
};
