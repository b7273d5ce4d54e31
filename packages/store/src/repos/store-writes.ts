import type { Scope } from '@wattle/domain';
import {
  type Condition,
  type ListName,
  type ListRef,
  type LiveRecordRef,
  listKeyOf,
  type RecordKind,
  type RecordRef,
  type RefusalOf,
  type StoreWrite,
  type StoreWriter,
} from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { type Counter, type CounterLabel, counter, countIn, merchantWideShards } from '../kernel/counters.ts';
import { type EventLabel, recordEvent } from '../kernel/events-outbox.ts';
import { type ItemKey, keys } from '../kernel/keys.ts';
import { listMembership } from '../kernel/list-page.ts';
import {
  advanceIn,
  cancelIn,
  cancelJobItemIn,
  claimIn,
  type JobLabel,
  scheduleIn,
} from '../kernel/schedule.ts';
import { type SingleUseLabel, singleUseKinds, useTokenIn } from '../kernel/single-use-tokens.ts';
import { maxTransactionItems, type Transaction } from '../kernel/transaction.ts';
import { type BalanceLabel, debitIn } from './balance-repo.ts';
import { endpointLiveEt, endpointLiveShards, liveShardKeys } from './endpoint-liveness.ts';
import { planSubscriptionShards } from './plan-counts.ts';

/**
 * Where each kind of record is kept: its key, its entity type (`_et`), and what the table adds to
 * the item it creates (an endpoint's `liveShards`: its liveness is in shards, decision 212).
 */
const records: Record<
  RecordKind,
  { key: (scope: Scope, ref: RecordRef) => ItemKey; et: string; created?: Record<string, unknown> }
> = {
  customer: { key: (scope, ref) => keys.customer(scope, ref.token), et: 'customer' },
  'customer-card': {
    key: (scope, ref) => keys.customerCard(scope, ref.of ?? '', ref.token),
    et: 'customer_card',
  },
  'card-owner': { key: (scope, ref) => keys.cardOwner(scope, ref.token), et: 'card_owner' },
  recipient: { key: (scope, ref) => keys.recipient(scope, ref.token), et: 'recipient' },
  'apple-pay-domain': { key: (scope, ref) => keys.applePayDomain(scope, ref.token), et: 'apple_pay_domain' },
  'apple-pay-domain-name': {
    key: (scope, ref) => keys.applePayDomainName(scope, ref.token),
    et: 'apple_pay_domain_name',
  },
  plan: { key: (scope, ref) => keys.plan(scope, ref.token), et: 'plan' },
  'plan-name': { key: (scope, ref) => keys.planName(scope, ref.token), et: 'plan_name' },
  file: { key: (scope, ref) => keys.file(scope, ref.token), et: 'file' },
  deposit: { key: (scope, ref) => keys.deposit(scope, ref.token), et: 'deposit' },
  transfer: { key: (scope, ref) => keys.transfer(scope, ref.token), et: 'transfer' },
  payment: { key: (scope, ref) => keys.payment(scope, ref.token), et: 'payment' },
  dispute: { key: (scope, ref) => keys.dispute(scope, ref.token), et: 'dispute' },
  refund: { key: (scope, ref) => keys.refund(scope, ref.token), et: 'refund' },
  subscription: { key: (scope, ref) => keys.subscription(scope, ref.token), et: 'subscription' },
  'subscription-bill': {
    key: (scope, ref) => keys.subscriptionBill(scope, ref.token),
    et: 'subscription_bill',
  },
  'ledger-entry': {
    key: (scope, ref) => keys.ledgerEntry(scope, ref.of ?? '', Number(ref.token)),
    et: 'ledger_entry',
  },
  webhook: { key: (scope, ref) => keys.webhook(scope, ref.token), et: 'webhook' },
  'webhook-endpoint': {
    key: (scope, ref) => keys.webhookEndpoint(scope, ref.token),
    et: 'webhook_endpoint',
    created: { liveShards: endpointLiveShards },
  },
  account: { key: (_scope, ref) => keys.account(ref.token), et: 'account' },
  'api-key': { key: (_scope, ref) => keys.apiKey(ref.token), et: 'api_key' },
  merchant: { key: (_scope, ref) => keys.merchant(ref.token), et: 'merchant' },
};

/** Where each kind of live record keeps its liveness (`liveness`): its shards' keys and entity type. */
const liveness: Record<
  LiveRecordRef['record'],
  { shards: (scope: Scope, ref: RecordRef) => ItemKey[]; et: string }
> = {
  'webhook-endpoint': { shards: (scope, ref) => liveShardKeys(scope, ref.token), et: endpointLiveEt },
};

/** The lists whose counts grow with the whole merchant, spread over shards (the others: one). */
const countShards: Partial<Record<ListName, number>> = {
  customers: merchantWideShards,
  recipients: merchantWideShards,
  subscriptions: merchantWideShards,
  referrals: merchantWideShards,
  'plan-subscriptions': planSubscriptionShards,
  deposits: merchantWideShards,
  transfers: merchantWideShards,
  disputes: merchantWideShards,
  refunds: merchantWideShards,
};

/** The index each list is read from (the others: gsi1): a record in two lists is in both. */
const listIndexes: Partial<Record<ListName, 'gsi2'>> = {
  'recipient-transfers': 'gsi2',
  'charge-refunds': 'gsi2',
};

const counterOf = (scope: Scope, ref: ListRef): Counter =>
  counter(listKeyOf(scope, ref), countShards[ref.list] ?? 1);

/** A write's item label: its record's, which a transaction names once. */
type RecordLabel = `record:${string}`;
const labelOf = (ref: RecordRef): RecordLabel => `record:${ref.record}:${ref.of ?? ''}:${ref.token}`;

/** A liveness shard's item label. */
type LiveLabel = `live:${RecordLabel}#${number}`;

/** Every label a transaction of generic writes holds. */
export type WriteLabel =
  | RecordLabel
  | LiveLabel
  | CounterLabel
  | EventLabel
  | SingleUseLabel
  | JobLabel
  | BalanceLabel;

/** An item's expression names and values, gathered as its expressions are made. */
class Expressions {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};

  /** `#a.#b` for the path `['a', 'b']`. */
  path(path: readonly string[]): string {
    return path
      .map((name) => {
        const tag = `#n${Object.keys(this.names).length}`;
        this.names[tag] = name;
        return tag;
      })
      .join('.');
  }

  value(value: unknown): string {
    const tag = `:v${Object.keys(this.values).length}`;
    this.values[tag] = value;
    return tag;
  }

  /** Each part of a condition as expressions (a part every interpreter must know: see Condition). */
  private readonly parts: {
    [K in keyof Condition]-?: (part: NonNullable<Condition[K]>) => string[];
  } = {
    exists: () => ['attribute_exists(pk)'],
    version: (version) => [`ver = ${this.value(version)}`],
    equals: (fields) => fields.map(({ path, value }) => `${this.path(path)} = ${this.value(value)}`),
    atLeast: (fields) => fields.map(({ path, value }) => `${this.path(path)} >= ${this.value(value)}`),
    noLaterThan: (fields) =>
      fields.map(({ path, value }) => {
        const name = this.path(path);
        return `(attribute_not_exists(${name}) OR ${name} <= ${this.value(value)})`;
      }),
    oneOf: ({ path, values }) => [
      `${this.path(path)} IN (${values.map((value) => this.value(value)).join(', ')})`,
    ],
    differs: ({ path, value }) => [`${this.path(path)} <> ${this.value(value)}`],
    absent: (paths) => paths.map((path) => `attribute_not_exists(${this.path(path)})`),
    present: (paths) => paths.map((path) => `attribute_exists(${this.path(path)})`),
    orGone: () => [],
  };

  /** The condition as an expression (undefined: none). */
  condition(when: Condition | undefined): string | undefined {
    if (!when) return undefined;
    const parts = (Object.keys(when) as (keyof Condition)[]).flatMap((key) =>
      when[key] === undefined ? [] : this.parts[key](when[key] as never),
    );
    if (parts.length === 0) return undefined;
    const all = parts.join(' AND ');
    // DynamoDB refuses parentheses around a part that has its own (noLaterThan's).
    return when.orGone ? `attribute_not_exists(pk) OR ${parts.length > 1 ? `(${all})` : all}` : all;
  }

  /** What the item needs of them, left out when empty (DynamoDB refuses empty maps). */
  get attributes() {
    return {
      ...(Object.keys(this.names).length > 0 ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length > 0 ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/**
 * The one interpreter of the generic writes (@wattle/ports' `StoreWrite`) on the table: each
 * write an item of one transaction (or a kernel helper's items), in the list's order, its refusal
 * by its item's label.
 */
export class StoreWrites implements StoreWriter {
  readonly room = maxTransactionItems;

  constructor(private readonly ctx: StoreContext) {}

  /** Writes `writes` in one transaction. */
  async commit(scope: Scope, writes: readonly StoreWrite[], now: Date): Promise<void> {
    const tx = newTransaction<WriteLabel>(this.ctx);
    addWritesTo(tx, scope, writes, now);
    await tx.commit(this.ctx.doc);
  }
}

/** Adds `writes` to `tx`, each as its kind says (a subscription's changes ride on a charge's). */
export const addWritesTo = <L extends string>(
  tx: Transaction<L | WriteLabel>,
  scope: Scope,
  writes: readonly StoreWrite[],
  now: Date,
): void => {
  for (const write of writes) {
    switch (write.kind) {
      case 'create': {
        const { key, et, created } = records[write.ref.record];
        const x = new Expressions();
        const over = write.over && x.condition({ ...write.over, orGone: true });
        tx.put(labelOf(write.ref), {
          Item: {
            ...key(scope, write.ref),
            _et: et,
            ...write.fields,
            ...created,
            ...Object.assign(
              {},
              ...(write.listed ?? []).map((listing) =>
                listMembership(
                  listIndexes[listing.in.list] ?? 'gsi1',
                  listKeyOf(scope, listing.in),
                  listing.sortKey,
                ),
              ),
            ),
          },
          ConditionExpression: over ?? 'attribute_not_exists(pk)',
          ...x.attributes,
        });
        refuse(tx, write.ref, write.refusal);
        break;
      }
      case 'update': {
        const x = new Expressions();
        const sets = Object.entries(write.set).map(
          ([field, value]) => `${x.path([field])} = ${x.value(value)}`,
        );
        for (const [field, value] of Object.entries(write.setOnce ?? {})) {
          const name = x.path([field]);
          sets.push(`${name} = if_not_exists(${name}, ${x.value(value)})`);
        }
        for (const { path, value } of write.setAt ?? []) sets.push(`${x.path(path)} = ${x.value(value)}`);
        for (const { path, by } of write.add ?? []) {
          const name = x.path(path);
          sets.push(`${name} = if_not_exists(${name}, ${x.value(0)}) + ${x.value(by)}`);
        }
        if (write.bump) sets.push(`ver = ver + ${x.value(1)}`);
        const removes = [
          ...(write.unset ?? []).map((path) => x.path(path)),
          ...(write.leaves ? ['gsi1pk', 'gsi1sk'] : []),
        ];
        const update = [
          ...(sets.length > 0 ? [`SET ${sets.join(', ')}`] : []),
          ...(removes.length > 0 ? [`REMOVE ${removes.join(', ')}`] : []),
        ].join(' ');
        const condition = x.condition(write.when);
        const Key = records[write.ref.record].key(scope, write.ref);
        if (update === '')
          tx.check(labelOf(write.ref), {
            Key,
            ConditionExpression: condition ?? 'attribute_exists(pk)',
            ...x.attributes,
          });
        else
          tx.update(labelOf(write.ref), {
            Key,
            UpdateExpression: update,
            ...(condition ? { ConditionExpression: condition } : {}),
            ...x.attributes,
          });
        refuse(tx, write.ref, write.refusal);
        break;
      }
      case 'delete': {
        const x = new Expressions();
        const condition = x.condition(write.when);
        tx.delete(labelOf(write.ref), {
          Key: records[write.ref.record].key(scope, write.ref),
          ...(condition ? { ConditionExpression: condition } : {}),
          ...x.attributes,
        });
        refuse(tx, write.ref, write.refusal);
        break;
      }
      case 'count':
        countIn(tx, counterOf(scope, write.list), write.by, write.atMost);
        break;
      case 'drop-count': {
        const c = counterOf(scope, write.list);
        for (let shard = 0; shard < c.shards; shard++)
          tx.delete(`counter:${c.listKey}#${shard}`, { Key: keys.counterShard(c.listKey, shard) });
        break;
      }
      case 'liveness': {
        const { shards, et } = liveness[write.ref.record];
        for (const [shard, Key] of shards(scope, write.ref).entries()) {
          const label: LiveLabel = `live:${labelOf(write.ref)}#${shard}`;
          if (write.live) tx.put(label, { Item: { ...Key, _et: et } });
          else tx.delete(label, { Key });
        }
        break;
      }
      case 'use-token':
        useTokenIn(tx, singleUseKinds[write.token], scope, write.value, now);
        break;
      case 'event':
        recordEvent(tx, write.scope ?? scope, write.event, now);
        break;
      case 'schedule-job':
        scheduleIn(tx, write.job);
        break;
      case 'claim-job':
        claimIn(tx, write.job);
        break;
      case 'advance-job':
        advanceIn(tx, write.job, write.next);
        break;
      case 'debit': {
        debitIn(tx, scope, write.currency, write.amount, write.debit);
        const { refusal } = write;
        if (refusal) tx.refuse('balance', refusal);
        break;
      }
      case 'cancel-job':
        if (write.dueAt === null) cancelJobItemIn(tx, write.job, scope, write.token);
        else cancelIn(tx, write.job, scope, write.token, write.dueAt);
        break;
    }
  }
};

const refuse = <L extends string>(
  tx: Transaction<L | WriteLabel>,
  ref: RecordRef,
  refusal: RefusalOf | undefined,
): void => {
  if (refusal) tx.refuse(labelOf(ref), refusal);
};
