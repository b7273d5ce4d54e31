import type { ChargeCredit, Scope, WattleEvent } from '@wattle/domain';
import type { CreditCursor } from '../balance.ts';
import { Changed, JobTaken, LimitReached, Missing, TokenUsed } from '../outcomes.ts';
import type { ScheduledJob } from '../schedule.ts';

/**
 * The generic writes of a port that has no change list of its own in the domain (decision 181's
 * payments and subscriptions have theirs): what a write checks, what it refuses with, which lists
 * and counts it moves and which event it records are decided here, once, as a list of
 * `StoreWrite`s; each store engine has one interpreter of the list (the DynamoDB store's
 * `StoreWrites`: one transaction, a refusal by its item's label; the memory store's: the checks,
 * then the writes), which keeps each kind of record where that engine keeps it.
 */

/** The kinds of record the generic writes name; each engine maps each to its key (or table). */
export type RecordKind =
  | 'customer'
  | 'customer-card'
  | 'card-owner'
  | 'recipient'
  | 'apple-pay-domain'
  | 'apple-pay-domain-name'
  | 'plan'
  | 'plan-name'
  | 'file'
  | 'deposit'
  | 'transfer'
  | 'payment'
  | 'dispute'
  | 'refund'
  | 'subscription'
  | 'subscription-bill'
  | 'ledger-entry'
  | 'webhook'
  | 'webhook-endpoint'
  | 'account'
  | 'api-key'
  | 'merchant';

/** The records named by their token alone, whatever the scope: an account, a key's hash, a merchant. */
export const unscopedRecords: ReadonlySet<RecordKind> = new Set<RecordKind>([
  'account',
  'api-key',
  'merchant',
]);

/** A record: its kind and its token, and its owner's token for one kept under another (a customer's card). */
export interface RecordRef {
  record: RecordKind;
  token: string;
  of?: string;
}

/**
 * The lists the generic writes move, each by the end of its key (a customer's cards:
 * `<scope>#<customer>#cards`): the key's one spelling, which both engines' lists read.
 */
export const listKeyEnds = {
  customers: 'customers',
  cards: 'cards',
  recipients: 'recipients',
  'apple-pay-domains': 'apple_pay_domains',
  plans: 'plans',
  subscriptions: 'subscriptions',
  'customer-subscriptions': 'subscriptions',
  'plan-subscriptions': 'subscriptions',
  'subscription-ledger': 'ledger',
  deposits: 'deposits',
  transfers: 'transfers',
  'recipient-transfers': 'transfers',
  disputes: 'disputes',
  refunds: 'refunds',
  'charge-refunds': 'refunds',
  'webhook-endpoints': 'webhook_endpoints',
  referrals: 'referrals',
} as const;

export type ListName = keyof typeof listKeyEnds;

/** A list of a merchant's environment, or of one of its resources (`of`: a customer's cards). */
export interface ListRef {
  list: ListName;
  of?: string;
}

/** A list's key: `<accountId>#<environment>[#<of>]#<end>`, the same text on both engines. */
export const listKeyOf = (scope: Scope, { list, of }: ListRef): string =>
  list === 'referrals'
    ? referralsKey(of ?? '')
    : `${scope.accountId}#${scope.environment}#${of === undefined ? '' : `${of}#`}${listKeyEnds[list]}`;

/** The one list of no merchant's environment: the merchants a partner referred (`of`: the partner). */
const referralsKey = (partnerId: string): string => `REFERRALS#${partnerId}`;

/** The refusal a failed condition means, from the record as it was (undefined: not there). */
export type RefusalOf = (found: Readonly<Record<string, unknown>> | undefined) => Error;

/** A field, by its path (`['counts', 'trial']`), and a value. */
export interface FieldIs {
  path: readonly string[];
  value: string | number;
}

/** A field, by its path, and the values it may have. */
export interface FieldIn {
  path: readonly string[];
  values: readonly (string | number)[];
}

/**
 * What must hold of a record for a write to go ahead: all that is given (nothing: always). A
 * condition on a record that is not there fails, unless `orGone`.
 */
export interface Condition {
  /** It is there. */
  exists?: true;
  /** Its version is this one (the version its reader saw). */
  version?: number;
  /** These fields are as given (a plan's name as read, none of its subscriptions running). */
  equals?: readonly FieldIs[];
  /** These fields are at least as given (a charge's refundable amount, for a refund of it). */
  atLeast?: readonly FieldIs[];
  /** These fields are not there, or at most as given (a webhook's lease, over by now). */
  noLaterThan?: readonly FieldIs[];
  /** This field has one of the values given (a merchant still under review). */
  oneOf?: FieldIn;
  /** This field is not as given (a customer's primary card is not the one removed). */
  differs?: FieldIs;
  /** The fields at these paths are not there (a plan whose deletion has not begun). */
  absent?: readonly (readonly string[])[];
  /** The fields at these paths are there (a plan whose deletion has begun). */
  present?: readonly (readonly string[])[];
  /** The condition holds too when the record is not there at all (a purge finding it gone). */
  orGone?: true;
}

/** A record's place in a list: the list, and where it sorts (its creation time, then its token). */
export interface Listing {
  in: ListRef;
  sortKey: string;
}

/**
 * How a debit of the balance is guarded and what else it records (a negative amount gives back).
 * A guard that fails refuses with the write's refusal.
 */
export interface BalanceDebit {
  /** A transfer's or a deposit's: the debits' version it decided on (none came in since). */
  seen?: { version: number };
  /** A refund's: the credits it read; the debits, this one included, stay within them. */
  within?: number;
  /** A transfer's: where its walk over the credits ended, for the next transfer to start from. */
  cursor?: CreditCursor | null;
  /** A transfer's: how far it moves the `consumed` mark (what it took from the captures' proceeds). */
  consumes?: number;
  /** A transfer's: the give-backs still waiting once it took what it paid out of them. */
  givenBackLeft?: ChargeCredit[];
  /** A failed refund's or a returned transfer's: the give-backs to wait for the next transfer. */
  giveBack?: ChargeCredit[];
}

/** The records whose liveness other writes check (`liveness`): an endpoint, for its webhooks. */
export type LiveRecordRef = RecordRef & { record: 'webhook-endpoint' };

/** The single-use tokens a write may use up (TokenUsed when used, expired or gone). */
export type SingleUseKind = 'card-token' | 'payment-source' | 'bank-account-token';

export type StoreWrite =
  /**
   * A new record with its fields (its version among them, if it has one), in its lists. Fails when it is there already (`refusal`, else a bug of the caller).
   * With `over`, it replaces one that is there when `over` holds of it (a record in no list: a
   * renewal's bill over the last one settled).
   */
  | {
      kind: 'create';
      ref: RecordRef;
      fields: Record<string, unknown>;
      listed?: readonly Listing[];
      over?: Condition;
      refusal?: RefusalOf;
    }
  /**
   * Fields set (none: only checked, or only its version moved), its version moved on with `bump`,
   * out of the list `leaves` (a plan whose deletion begins).
   */
  | {
      kind: 'update';
      ref: RecordRef;
      set: Record<string, unknown>;
      /** Fields set only where they are not there yet (the first time stays). */
      setOnce?: Record<string, unknown>;
      /** Fields set inside others, by their paths (a charge's dispute, inside its payment). */
      setAt?: readonly { path: readonly string[]; value: unknown }[];
      /** Numbers moved by `by`, by their paths, from zero where they are not there. */
      add?: readonly { path: readonly string[]; by: number }[];
      /** Fields removed, by their paths (a key's suspension, an account's routing). */
      unset?: readonly (readonly string[])[];
      bump: boolean;
      when: Condition;
      leaves?: ListRef;
      refusal?: RefusalOf;
    }
  /** The record gone (out of the lists `leaves` with it: one, or all it is in), when `when` holds. */
  | {
      kind: 'delete';
      ref: RecordRef;
      when?: Condition;
      leaves?: ListRef | readonly ListRef[];
      refusal?: RefusalOf;
    }
  /** The list's count moved by `by`; with `atMost`, refused (LimitReached) past it. */
  | { kind: 'count'; list: ListRef; by: number; atMost?: number }
  /** The list's count forgotten (its owner is gone). */
  | { kind: 'drop-count'; list: ListRef }
  /**
   * Whether the record is live for the writes that check it (a webhook for its endpoint): made
   * live with it, no longer all at once when its deletion begins. DynamoDB keeps it in shards
   * (decision 212), a writer checking one, so no one item takes a check per event; the memory
   * world, one change at a time, has the record itself say (no `deletingSince`).
   */
  | { kind: 'liveness'; ref: LiveRecordRef; live: boolean }
  /** A single-use token used up, leaving the mark of its use. */
  | { kind: 'use-token'; token: SingleUseKind; value: string }
  /** The event, in its list and awaiting its fan-out: the commit's scope's, or `scope`'s (a partner's). */
  | { kind: 'event'; event: WattleEvent; scope?: Scope }
  /** A job scheduled (or moved: one job per kind and resource). */
  | { kind: 'schedule-job'; job: ScheduledJob }
  /** The due job claimed by the run doing its work (JobTaken when another run claimed or moved it). */
  | { kind: 'claim-job'; job: ScheduledJob }
  /** The due job claimed (JobTaken as for a claim) and put back due at `next` (recurring work). */
  | { kind: 'advance-job'; job: ScheduledJob; next: Date }
  /** The balance debited in `currency` (given back, for a negative amount), as `debit` says. */
  | { kind: 'debit'; currency: string; amount: number; debit: BalanceDebit; refusal?: () => Error }
  /**
   * A job no longer wanted removed, if it is there: a kind named by its due time by the time it
   * was scheduled at (`dueAt`; null: where such a job was kept before its due time was part of
   * where it is, which only the DynamoDB store still may have).
   */
  | { kind: 'cancel-job'; job: string; token: string; dueAt?: Date | null };

/** What a failed condition on a resource means: changed since it was read, or gone. */
export const changedOrMissing =
  (resource: string, token: string): RefusalOf =>
  (found) =>
    found ? new Changed(resource, token) : new Missing(resource, token);

/**
 * What a job's failed claim (`claim-job`, `advance-job`) means, as each engine's schedule checks it:
 * another run claimed, moved or finished it first.
 */
export const jobTaken =
  (job: Pick<ScheduledJob, 'kind' | 'token'>): (() => Error) =>
  () =>
    new JobTaken(job.kind, job.token);

/** What a `count` past its `atMost` means: the list (by its key) is full. */
export const limitReached =
  (listKey: string, atMost: number): (() => Error) =>
  () =>
    new LimitReached(listKey, atMost);

/** What a `use-token` (or a payment's token use) refused means: used, expired or gone. */
export const tokenUsed =
  (token: string): (() => Error) =>
  () =>
    new TokenUsed(token);

/** Only Changed, there or not (a resource whose deletion is a change like another). */
export const changed =
  (resource: string, token: string): RefusalOf =>
  () =>
    new Changed(resource, token);

/** Only Missing (a write that needs the resource there, whatever its version). */
export const missing =
  (resource: string, token: string): RefusalOf =>
  () =>
    new Missing(resource, token);

/** Sort key within a list: creation time to the millisecond, then the token to break ties. */
export const listSortKey = (createdAt: Date, token: string): string => `${createdAt.toISOString()}#${token}`;

/**
 * An engine's one interpreter of the generic writes: each port's write half (`RecipientWrites`,
 * `CustomerWrites`…) builds the list and hands it to `commit`; the engine's repository extends
 * that half and adds its reads.
 */
export interface StoreWriter {
  /** Writes the list all at once or not at all, in its order: the first failed condition's refusal. */
  commit(scope: Scope, writes: readonly StoreWrite[], now: Date): Promise<void>;
  /** How many writes one commit holds at the most (a DynamoDB transaction's items). */
  readonly room: number;
}
