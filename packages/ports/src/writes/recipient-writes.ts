import type { Recipient, Scope, WattleEvent } from '@wattle/domain';
import type { BankAccountIntake, LoadedRecipient, RecipientsStore } from '../recipients.ts';
import { changed, type ListRef, listSortKey, type StoreWrite, type StoreWriter } from './store-writes.ts';

/** The recipients' writes (RecipientsStore), once for both engines. */

const recipients: ListRef = { list: 'recipients' };

/** An unused bank account token taken in is used up with the write. */
const intakeOf = (intake: BankAccountIntake | null): StoreWrite[] =>
  intake?.from === 'token'
    ? [{ kind: 'use-token', token: 'bank-account-token', value: intake.sealed.bankAccount.token }]
    : [];

/** The recipient with its bank account's sealed number, counted, with its event. */
export const recipientCreation = (
  recipient: Recipient,
  intake: BankAccountIntake,
  event: WattleEvent,
  now: Date,
): StoreWrite[] => [
  {
    kind: 'create',
    ref: { record: 'recipient', token: recipient.token },
    fields: { recipient, sealedNumber: intake.sealed.sealedNumber, ver: 1 },
    listed: [{ in: recipients, sortKey: listSortKey(now, recipient.token) }],
  },
  ...intakeOf(intake),
  { kind: 'count', list: recipients, by: 1 },
  { kind: 'event', event },
];

/** The changed recipient (and its new bank account) under the version read (Changed on a race). */
export const recipientUpdate = (
  loaded: LoadedRecipient,
  recipient: Recipient,
  intake: BankAccountIntake | null,
  event: WattleEvent,
): StoreWrite[] => [
  {
    kind: 'update',
    ref: { record: 'recipient', token: recipient.token },
    set: intake ? { recipient, sealedNumber: intake.sealed.sealedNumber } : { recipient },
    bump: true,
    when: { version: loaded.version },
    refusal: changed('recipient', recipient.token),
  },
  ...intakeOf(intake),
  { kind: 'event', event },
];

/** The recipient as read gone (Changed on a race); its transfers stay. */
export const recipientDeletion = (loaded: LoadedRecipient, event: WattleEvent): StoreWrite[] => [
  {
    kind: 'delete',
    ref: { record: 'recipient', token: loaded.recipient.token },
    when: { version: loaded.version },
    leaves: recipients,
    refusal: changed('recipient', loaded.recipient.token),
  },
  { kind: 'count', list: recipients, by: -1 },
  { kind: 'event', event },
];

/** The recipients' port's writes, on an engine's writer: its repository extends this with its reads. */
export abstract class RecipientWrites implements Pick<RecipientsStore, 'create' | 'update' | 'delete'> {
  constructor(protected readonly writer: StoreWriter) {}

  async create(
    scope: Scope,
    recipient: Recipient,
    intake: BankAccountIntake,
    event: WattleEvent,
    now: Date,
  ): Promise<void> {
    await this.writer.commit(scope, recipientCreation(recipient, intake, event, now), now);
  }

  async update(
    scope: Scope,
    loaded: LoadedRecipient,
    recipient: Recipient,
    intake: BankAccountIntake | null,
    event: WattleEvent,
    now: Date,
  ): Promise<void> {
    await this.writer.commit(scope, recipientUpdate(loaded, recipient, intake, event), now);
  }

  async delete(scope: Scope, loaded: LoadedRecipient, event: WattleEvent, now: Date): Promise<void> {
    await this.writer.commit(scope, recipientDeletion(loaded, event), now);
  }
}
