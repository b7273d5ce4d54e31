import type { Scope } from '@wattle/domain';
import type {
  Condition,
  ListRef,
  RecordKind,
  RecordRef,
  RefusalOf,
  SingleUseKind,
  StoreWrite,
  StoreWriter,
} from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { type Counter, type CounterLabel, counter, countIn, merchantWideShards } from '../kernel/counters.ts';
import { type EventLabel, recordEvent } from '../kernel/events-outbox.ts';
import { type ItemKey, keys } from '../kernel/keys.ts';
import { listMembership } from '../kernel/list-page.ts';
import type { ConsumeIn, SingleUseLabel } from '../kernel/single-use-tokens.ts';
import { maxTransactionItems, type Transaction } from '../kernel/transaction.ts';
import { BankAccountTokensRepo } from './bank-account-tokens-repo.ts';
import { CardTokensRepo } from './card-tokens-repo.ts';
import { PaymentSourcesRepo } from './payment-sources-repo.ts';

/** Where each kind of record is kept: its key, and its entity type (`_et`). */
const records: Record<RecordKind, { key: (scope: Scope, ref: RecordRef) => ItemKey; et: string }> = {
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
};

/** The lists whose counts grow with the whole merchant, spread over shards. */
const merchantWide: ReadonlySet<ListRef['list']> = new Set(['customers', 'recipients']);

/** A list's key: the same text as `lists` (keys.ts) and the memory store's list keys. */
export const listKeyOf = (scope: Scope, { list, of }: ListRef): string =>
  `${scope.accountId}#${scope.environment}#${of === undefined ? '' : `${of}#`}${list}`;

const counterOf = (scope: Scope, ref: ListRef): Counter =>
  counter(listKeyOf(scope, ref), merchantWide.has(ref.list) ? merchantWideShards : 1);

/** A write's item label: its record's, which a transaction names once. */
type RecordLabel = `record:${string}`;
const labelOf = (ref: RecordRef): RecordLabel => `record:${ref.record}:${ref.of ?? ''}:${ref.token}`;

/** Every label a transaction of generic writes holds. */
export type WriteLabel = RecordLabel | CounterLabel | EventLabel | SingleUseLabel;

/** A condition as an expression, its names and values added to `names` and `values`. */
const expressionOf = (
  when: Condition | undefined,
  names: Record<string, string>,
  values: Record<string, unknown>,
): string | undefined => {
  if (!when) return undefined;
  const parts: string[] = [];
  if (when.exists) parts.push('attribute_exists(pk)');
  if (when.version !== undefined) {
    parts.push('ver = :expected');
    values[':expected'] = when.version;
  }
  const pathOf = (path: readonly string[], tag: string) =>
    path
      .map((name, at) => {
        names[`#${tag}${at}`] = name;
        return `#${tag}${at}`;
      })
      .join('.');
  if (when.differs) {
    parts.push(`${pathOf(when.differs.path, 'd')} <> :differs`);
    values[':differs'] = when.differs.value;
  }
  if (when.equals) {
    parts.push(`${pathOf(when.equals.path, 'e')} = :equals`);
    values[':equals'] = when.equals.value;
  }
  return parts.length > 0 ? parts.join(' AND ') : undefined;
};

/** What the expression parts of an item need, left out when empty (DynamoDB refuses empty maps). */
const attributes = (names: Record<string, string>, values: Record<string, unknown>) => ({
  ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
  ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
});

/**
 * The one interpreter of the generic writes (@wattle/ports' `StoreWrite`) on the table: each
 * write an item of one transaction, in the list's order, its refusal by its item's label.
 */
export class StoreWrites implements StoreWriter {
  readonly room = maxTransactionItems;
  private readonly tokens: Record<SingleUseKind, ConsumeIn>;

  constructor(private readonly ctx: StoreContext) {
    this.tokens = {
      'card-token': new CardTokensRepo(ctx).consumeIn,
      'payment-source': new PaymentSourcesRepo(ctx).consumeIn,
      'bank-account-token': new BankAccountTokensRepo(ctx).consumeIn,
    };
  }

  /** Writes `writes` in one transaction. */
  async commit(scope: Scope, writes: readonly StoreWrite[], now: Date): Promise<void> {
    const tx = newTransaction<WriteLabel>(this.ctx);
    this.addTo(tx, scope, writes, now);
    await tx.commit(this.ctx.doc);
  }

  /** Adds `writes` to `tx`, each a function of its kind. */
  addTo<L extends string>(
    tx: Transaction<L | WriteLabel>,
    scope: Scope,
    writes: readonly StoreWrite[],
    now: Date,
  ): void {
    for (const write of writes) {
      switch (write.kind) {
        case 'create': {
          const { key, et } = records[write.ref.record];
          tx.put(labelOf(write.ref), {
            Item: {
              ...key(scope, write.ref),
              _et: et,
              ...write.fields,
              ...(write.listed
                ? listMembership('gsi1', listKeyOf(scope, write.listed.in), write.listed.sortKey)
                : {}),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          });
          this.refuse(tx, write.ref, write.refusal);
          break;
        }
        case 'update': {
          const names: Record<string, string> = {};
          const values: Record<string, unknown> = {};
          const sets = Object.entries(write.set).map(([field, value], at) => {
            names[`#s${at}`] = field;
            values[`:s${at}`] = value;
            return `#s${at} = :s${at}`;
          });
          if (write.bump) {
            sets.push('ver = ver + :one');
            values[':one'] = 1;
          }
          const condition = expressionOf(write.when, names, values);
          const Key = records[write.ref.record].key(scope, write.ref);
          if (sets.length === 0)
            tx.check(labelOf(write.ref), {
              Key,
              ConditionExpression: condition ?? 'attribute_exists(pk)',
              ...attributes(names, values),
            });
          else
            tx.update(labelOf(write.ref), {
              Key,
              UpdateExpression: `SET ${sets.join(', ')}`,
              ...(condition ? { ConditionExpression: condition } : {}),
              ...attributes(names, values),
            });
          this.refuse(tx, write.ref, write.refusal);
          break;
        }
        case 'delete': {
          const names: Record<string, string> = {};
          const values: Record<string, unknown> = {};
          const condition = expressionOf(write.when, names, values);
          tx.delete(labelOf(write.ref), {
            Key: records[write.ref.record].key(scope, write.ref),
            ...(condition ? { ConditionExpression: condition } : {}),
            ...attributes(names, values),
          });
          this.refuse(tx, write.ref, write.refusal);
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
        case 'use-token':
          this.tokens[write.token](tx, scope, write.value, now);
          break;
        case 'event':
          recordEvent(tx, scope, write.event, now);
          break;
      }
    }
  }

  private refuse<L extends string>(
    tx: Transaction<L | WriteLabel>,
    ref: RecordRef,
    refusal: RefusalOf | undefined,
  ): void {
    if (refusal) tx.refuse(labelOf(ref), (found) => refusal(found !== undefined));
  }
}
