import { type Clock, invalidToken, newEvent, type Recipient, type Scope, toTimestamp } from '@wattle/domain';
import type { RecipientsStore } from '@wattle/ports';
import { presentRecipient } from '@wattle/wire';
import { commitUsingToken } from '../cards/card-intake.ts';
import {
  type BankAccountIntakeDeps,
  type BankAccountSource,
  takeInBankAccount,
} from './bank-account-intake.ts';

export interface NewRecipient {
  email: string;
  name: string;
  bankAccount: BankAccountSource;
}

export type CreateRecipientDeps = BankAccountIntakeDeps & {
  recipients: Pick<RecipientsStore, 'create'>;
  clock: Clock;
};

/** POST /recipients: the recipient with its bank account (a token is used up by this write). */
export const createRecipient = async (
  deps: CreateRecipientDeps,
  scope: Scope,
  input: NewRecipient,
): Promise<Recipient> => {
  const { recipients, clock, ids } = deps;
  const now = clock.now();
  const intake = await takeInBankAccount(deps, scope, input.bankAccount, now);
  const recipient: Recipient = {
    token: ids.token('rp'),
    name: input.name,
    email: input.email,
    createdAt: toTimestamp(now),
    bankAccount: intake.sealed.bankAccount,
  };
  const event = newEvent(ids, 'recipient.created', presentRecipient(recipient), recipient.createdAt);
  await commitUsingToken(
    () => invalidToken('bank_account_token'),
    () => recipients.create(scope, recipient, intake, event, now),
  );
  return recipient;
};
