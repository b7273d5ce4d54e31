import type {
  Account,
  ChargeCredit,
  Scope,
  Transfer,
  TransferLineItem,
  TransferLink,
  WattleEvent,
} from '@wattle/domain';
import type { CreditCursor, PayoutLedger } from './balance.ts';
import type { Page } from './pages.ts';
import type { ScheduledJob } from './schedule.ts';

/** Where the payout job's walk over the credits starts (the transfer's own range is on it). */
export interface PayoutJobData {
  cursor: CreditCursor | null;
}

/** How a transfer debits the balance. */
export interface TransferDebit {
  /** The ledger it decided on. */
  ledger: PayoutLedger;
  job: PayoutJobData;
  /** Where its walk over the captures' proceeds ended: the balance's walk cursor moves there. */
  walkEnd: CreditCursor | null;
  /** What it took from the captures' proceeds: the consumed mark moves that far. */
  consumes: number;
  /** The give-backs left waiting, when it paid out of them. */
  givenBackLeft?: ChargeCredit[];
  /** When the simulated bank returns it (a payee that rejects payouts): its return job is due then. */
  returnsAt?: Date;
}

/** Transfers, their line items, and the lists by merchant and by recipient. */
export interface TransfersStore {
  /**
   * The transfer, its debit of the balance, the lists, its event, and the job that writes its
   * line items, which it returns. Throws Changed (the balance) when any debit came in since
   * `debit.ledger` was read: read again and decide again.
   */
  create(
    scope: Scope,
    transfer: Transfer,
    event: WattleEvent,
    now: Date,
    debit: TransferDebit,
  ): Promise<ScheduledJob>;
  /**
   * A transfer the bank returned, in the transaction that claims its return job: its `failed`
   * state (Changed when it is not `succeeded` any more), its money back in the balance as the
   * give-backs `returned`, and its event. Throws JobTaken when another run claimed the job.
   */
  fail(
    scope: Scope,
    failed: Transfer,
    returned: ChargeCredit[],
    event: WattleEvent,
    job: ScheduledJob,
    now: Date,
  ): Promise<void>;
  get(scope: Scope, transferToken: string): Promise<Transfer | null>;
  list(scope: Scope, page: number): Promise<Page<Transfer>>;
  listForRecipient(scope: Scope, recipientToken: string, page: number): Promise<Page<Transfer>>;
  /** Transfers created in [from, to), newest first, at most `limit`. */
  between(scope: Scope, from: Date | null, to: Date | null, limit: number): Promise<Transfer[]>;
  /** One page of a transfer's line items, in payout order (their count is on the transfer). */
  lineItems(scope: Scope, transfer: Transfer, page: number): Promise<Page<TransferLineItem>>;
  /** Writes line items (numbered from `firstIndex`); writing them again changes nothing. */
  putLineItems(
    scope: Scope,
    transferToken: string,
    firstIndex: number,
    items: TransferLineItem[],
  ): Promise<void>;
}

/** The charges' side of a payout (the payments' store answers this). */
export interface TransferLinks {
  /** Shows the transfer on a charge it paid out; linking it again changes nothing. */
  linkTransfer(scope: Scope, chargeToken: string, link: TransferLink): Promise<void>;
  /**
   * Shows a charge's link to a transfer in the state `link` gives (a returned transfer's
   * `failed`), linking it first when the payout job has not yet: either order ends the same.
   */
  restateTransfer(scope: Scope, chargeToken: string, link: TransferLink): Promise<void>;
}

/** Where `recipient=self` pays out to (the accounts' store answers this). */
export interface PayoutAccounts {
  get(accountId: string): Promise<Account | null>;
}
