/**
 * What a store port answers when a write cannot be made for a reason the flow must decide on:
 * typed, carrying their context, and named in each port method's comment. The store raises them
 * from its own failed conditions; no transaction detail (which item, which condition) leaves it.
 * Any port over AWS answers `Unavailable` when AWS cannot answer now. Anything else a port throws
 * is an outage or a bug.
 */
export abstract class Refusal extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A single-use token (card, bank account, payment source) was used already, or expired. */
export class TokenUsed extends Refusal {
  constructor(readonly token: string) {
    super(`The token ${token} was already used or has expired`);
  }
}

/** A token that must be new is taken: a payment token derived from an Idempotency-Key, say. */
export class TokenTaken extends Refusal {
  constructor(
    readonly resource: string,
    readonly token: string,
  ) {
    super(`The ${resource} ${token} exists already`);
  }
}

/** The resource a write needs is not there (any more): never created, deleted, or not this one's. */
export class Missing extends Refusal {
  constructor(
    readonly resource: string,
    readonly token: string,
  ) {
    super(`There is no ${resource} ${token}`);
  }
}

/**
 * The resource changed since the flow read it (another request moved its state or version):
 * nothing was written. The flow reads it again and decides again, or answers from what it finds.
 */
export class Changed extends Refusal {
  constructor(
    readonly resource: string,
    readonly token: string,
  ) {
    super(`The ${resource} ${token} changed since it was read`);
  }
}

/** A list with a limit is full: racing additions past the limit all get this but the ones that fit. */
export class LimitReached extends Refusal {
  constructor(
    readonly list: string,
    readonly limit: number,
  ) {
    super(`The ${list} list holds at most ${limit}`);
  }
}

/** A name that must be unique among the merchant's resources of a kind is taken. */
export class NameTaken extends Refusal {
  constructor(
    readonly resource: string,
    readonly taken: string,
  ) {
    super(`A ${resource} named ${taken} exists already`);
  }
}

/** A debit found the balance short at commit: the money was taken by another debit since the read. */
export class BalanceShort extends Refusal {
  constructor(readonly amount: number) {
    super(`The balance does not cover ${amount}`);
  }
}

/** A scheduled job was claimed, finished or cancelled by another run: this run leaves it. */
export class JobTaken extends Refusal {
  constructor(
    readonly kind: string,
    readonly token: string,
  ) {
    super(`The ${kind} job of ${token} was taken by another run`);
  }
}

/** The resource is held by something that still needs it: a file in submitted dispute evidence. */
export class Locked extends Refusal {
  constructor(
    readonly resource: string,
    readonly token: string,
  ) {
    super(`The ${resource} ${token} is in use and cannot be removed`);
  }
}

/**
 * Why a write or a read could not be made now: `throttled` (AWS refused for lack of capacity, past
 * the SDK's retries), `conflict` (other requests kept changing the same items, past every retry),
 * `timed_out` (a call kept timing out, past the SDK's retries), `deadline` (the work's deadline
 * passed, or a retry's wait would pass it), `service_unavailable` (AWS answered with a fault of its
 * own, past the SDK's retries).
 */
export type UnavailableReason = 'throttled' | 'conflict' | 'timed_out' | 'deadline' | 'service_unavailable';

/**
 * Not "no" but "not now", from any port over AWS (store, queue, cipher, file blobs): the adapter
 * turns the SDK's throttling, timeouts, faults and aborts into this, so nothing past the adapter
 * reads an AWS exception. After `throttled` or `conflict` nothing was committed (a transaction is
 * all or nothing, a refused single write is not made); after the others a write in flight may or
 * may not have been made. Either way the client sends the same request again, with the same
 * Idempotency-Key (503, Retry-After).
 */
export class Unavailable extends Refusal {
  constructor(
    readonly reason: UnavailableReason,
    options?: ErrorOptions,
    message = `Not available now (${reason})`,
  ) {
    super(message, options);
  }
}

/** Other requests kept changing the same items, past every retry: nothing was committed. */
export class TransactionConflictError extends Unavailable {
  constructor(options?: ErrorOptions) {
    super('conflict', options, 'A concurrent transaction touched the same items');
  }
}

/**
 * The work ran out of time: its deadline passed, or a retry's wait would pass it. Nothing is known
 * of a write that was in flight (AWS may have made it).
 */
export class DeadlineReached extends Unavailable {
  constructor(options?: ErrorOptions) {
    super('deadline', options, 'The request ran out of time');
  }
}
