import type { Recipient, Scope, WattleEvent } from '@wattle/domain';
import type { SealedBankAccount } from './bank-account-tokens.ts';
import type { Page } from './pages.ts';

/** A recipient's bank account: new details just sealed, or an unused bank account token taken in. */
export interface BankAccountIntake {
  from: 'new' | 'token';
  sealed: SealedBankAccount;
}

/** A recipient as loaded, with the version its next change must find unchanged. */
export interface LoadedRecipient {
  recipient: Recipient;
  version: number;
}

/** Recipients, each holding its bank account's sealed number for the payouts. */
export interface RecipientsStore {
  get(scope: Scope, recipientToken: string): Promise<LoadedRecipient | null>;
  list(scope: Scope, page: number): Promise<Page<Recipient>>;
  /** The recipient with its event. Throws TokenUsed when its bank account token was used. */
  create(
    scope: Scope,
    recipient: Recipient,
    intake: BankAccountIntake,
    event: WattleEvent,
    now: Date,
  ): Promise<void>;
  /**
   * The changed recipient (and its new bank account, if any) under the version read. Throws
   * Changed when another change (or a delete) came first, TokenUsed for a used token.
   */
  update(
    scope: Scope,
    loaded: LoadedRecipient,
    recipient: Recipient,
    intake: BankAccountIntake | null,
    event: WattleEvent,
    now: Date,
  ): Promise<void>;
  /** Deletes the recipient as read; its transfers stay. Throws Changed when it changed or went since. */
  delete(scope: Scope, loaded: LoadedRecipient, event: WattleEvent, now: Date): Promise<void>;
}
