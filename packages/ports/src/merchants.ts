import type { Account, Merchant, WattleEvent } from '@wattle/domain';
import type { NewApiKey } from './accounts.ts';
import type { Page } from './pages.ts';

/** A referred merchant as the flow makes it: its keys sealed for its partner, its password hashed. */
export interface NewMerchant {
  merchant: Merchant;
  /** The merchant's four keys, sealed (only the partner's GET /merchants/{token} opens them). */
  sealedKeys: string;
  passwordHash: string;
  /** The application's bank account number, sealed (for payouts); the application masks it. */
  sealedBankAccountNumber?: string;
}

/** A referred merchant as stored, with what its activation needs (opaque to the flows). */
export interface StoredMerchant extends NewMerchant {
  /** The hashes of the live keys, suspended until the merchant is approved. */
  liveKeyHashes: string[];
}

/** Partner-referred merchants. */
export interface MerchantsStore {
  /**
   * The merchant, its account and its keys (a key whose grant is suspended waits for the
   * activation) with its event, together.
   */
  create(
    merchant: NewMerchant,
    account: Account,
    apiKeys: NewApiKey[],
    event: WattleEvent,
    now: Date,
  ): Promise<void>;
  get(merchantToken: string): Promise<StoredMerchant | null>;
  listForPartner(partnerId: string, page: number): Promise<Page<Merchant>>;
  /**
   * Approves a pending (or on hold) merchant: its status, its account's, and its live keys, which
   * start to work. Throws Changed when it is neither any more (another activation came first).
   */
  activate(stored: StoredMerchant, active: Merchant, event: WattleEvent, now: Date): Promise<void>;
  /**
   * The review's other outcomes: a pending (or held) merchant declined or put on hold, its
   * account's status with it (the live keys stay suspended). Throws Changed when it is neither
   * pending nor on hold any more.
   */
  review(reviewed: Merchant, event: WattleEvent, now: Date): Promise<void>;
}

/** Keeps passwords only as a salted slow hash. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
}
