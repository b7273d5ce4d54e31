import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { defaultRetention, type Retention } from '@wattle/domain';
import { TransactionConflictError, Unavailable } from '@wattle/ports';
import type { DocumentClient } from './client.ts';
import { ConditionFailedError, StoreError } from './errors.ts';

type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Put = Omit<NonNullable<TxItem['Put']>, 'TableName'>;
type Update = Omit<NonNullable<TxItem['Update']>, 'TableName'>;
type Delete = Omit<NonNullable<TxItem['Delete']>, 'TableName'>;
type Check = Omit<NonNullable<TxItem['ConditionCheck']>, 'TableName'>;

/** What a failed condition means to the caller: the typed refusal of its port, from what the item held. */
export type RefusalOf = (found: Record<string, unknown> | undefined) => Error;

/**
 * What a failed condition means to the caller, by the label of the item whose condition failed:
 * the typed refusal of its port (`TokenUsed`, `Changed`…), made from what the item held. A failed
 * condition with no refusal given is unexpected, and stays a ConditionFailedError inside the store.
 */
export type Refusals<L extends string = string> = Partial<Record<L, RefusalOf>>;

/** The cancellation reasons of a transaction refused for lack of capacity. */
const throttledReasons = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded']);

/** DynamoDB's limit on the items of one transaction. */
export const maxTransactionItems = 100;

/**
 * One state change: every write it makes, each guarded by its condition, committed together or
 * not at all. Each item carries a label, so a failed condition says which one failed. `L` is the
 * labels the repository writing it uses (a string-literal union, declared beside the repository):
 * a label it does not write, or a typo, does not compile, in an item, a refusal or a failed
 * condition's test (`failedOn`). A kernel helper adds its own (`countIn`'s `counter:…`,
 * `scheduleIn`'s `job`…) to whatever the transaction has.
 */
export class Transaction<L extends string = never> {
  private readonly items: TxItem[] = [];
  // Kept as text: a helper's transaction (`Transaction<L | JobLabel>`) is its caller's.
  private readonly labels: string[] = [];
  private readonly refusals: Refusals = {};

  /**
   * `retention` travels with the transaction so the items that expire (the event a change
   * records, in `recordEvent`) get their TTL without every repository passing it along.
   */
  constructor(
    private readonly tableName: string,
    readonly retention: Retention = defaultRetention,
    /** Milliseconds left of the work's deadline (none by default: scripts, tests). */
    private readonly timeLeft: () => number = () => Number.POSITIVE_INFINITY,
  ) {}

  /** The refusal a failed condition on the item labelled `label` means (kernel helpers set theirs). */
  refuse(label: L, refusal: RefusalOf): this {
    this.refusals[label] = refusal;
    return this;
  }

  put(label: L, put: Put): this {
    return this.add(label, {
      Put: { ...put, TableName: this.tableName, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' },
    });
  }

  update(label: L, update: Update): this {
    return this.add(label, {
      Update: { ...update, TableName: this.tableName, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' },
    });
  }

  delete(label: L, del: Delete): this {
    return this.add(label, {
      Delete: { ...del, TableName: this.tableName, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' },
    });
  }

  check(label: L, check: Check): this {
    return this.add(label, {
      ConditionCheck: { ...check, TableName: this.tableName, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' },
    });
  }

  get size(): number {
    return this.items.length;
  }

  /** The update labelled `label` this transaction holds already, to fold a second change into it. */
  updateLabelled(label: L): Update | undefined {
    const at = this.labels.indexOf(label);
    return at === -1 ? undefined : this.items[at]?.Update;
  }

  private add(label: L, item: TxItem): this {
    if (this.items.length >= maxTransactionItems)
      throw new StoreError('A transaction holds at most 100 items');
    this.items.push(item);
    this.labels.push(label);
    return this;
  }

  /**
   * Commits, retrying a conflict with another transaction a few times (the same client request
   * token makes a retry of a commit that did land a no-op), never waiting past the request's
   * deadline (the context's `timeLeft`). A failed condition is final: the
   * refusal `refusals` gives for its item's label, else a ConditionFailedError.
   */
  async commit(doc: DocumentClient, refusals: Refusals<L> = {}): Promise<void> {
    if (this.items.length === 0) return;
    Object.assign(this.refusals, refusals);
    const token = randomUUID();
    for (let attempt = 1; ; attempt++) {
      try {
        await doc.send(new TransactWriteCommand({ TransactItems: this.items, ClientRequestToken: token }));
        return;
      } catch (error) {
        const failure = this.explain(error);
        const wait = 20 * 2 ** attempt * Math.random();
        if (failure instanceof TransactionConflictError && attempt < 6 && wait < this.timeLeft()) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
        throw failure;
      }
    }
  }

  /**
   * `error`, when it is the ConditionFailedError this transaction's commit threw (a failed
   * condition with no refusal given), its label one of `L`: comparing it with a label the
   * repository does not write does not compile. Undefined for anything else.
   */
  failedOn(error: unknown): (ConditionFailedError & { label: L }) | undefined {
    return error instanceof ConditionFailedError && this.labels.includes(error.label)
      ? (error as ConditionFailedError & { label: L })
      : undefined;
  }

  private explain(error: unknown): unknown {
    if (!(error instanceof TransactionCanceledException)) return error;
    const reasons = error.CancellationReasons ?? [];
    const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
    if (failed >= 0) {
      const raw = reasons[failed]?.Item;
      const label = this.labels[failed];
      const found = raw ? unmarshall(raw) : undefined;
      const refusal = label === undefined ? undefined : this.refusals[label];
      return refusal ? refusal(found) : new ConditionFailedError(label ?? 'unknown', found, { cause: error });
    }
    if (reasons.some((reason) => reason.Code === 'TransactionConflict')) {
      return new TransactionConflictError({ cause: error });
    }
    if (reasons.some((reason) => throttledReasons.has(reason.Code ?? ''))) {
      return new Unavailable('throttled', { cause: error });
    }
    return error;
  }
}
