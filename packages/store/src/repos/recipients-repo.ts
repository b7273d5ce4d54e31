import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Recipient, Scope, WattleEvent } from '@wattle/domain';
import {
  type BankAccountIntake,
  Changed,
  type LoadedRecipient,
  type Page,
  type RecipientsStore,
} from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { counter, countIn, merchantWideShards } from '../kernel/counters.ts';
import { recordEvent } from '../kernel/events-outbox.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readPage } from '../kernel/list-page.ts';
import type { Transaction } from '../kernel/transaction.ts';
import { BankAccountTokensRepo } from './bank-account-tokens-repo.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
type RecipientLabel = 'recipient';

const recipientsCounter = (scope: Scope) => counter(lists.recipients(scope), merchantWideShards);

/** Recipients, each holding its bank account's sealed number for the payouts. */
export class RecipientsRepo implements RecipientsStore {
  private readonly tokens: BankAccountTokensRepo;

  constructor(private readonly ctx: StoreContext) {
    this.tokens = new BankAccountTokensRepo(ctx);
  }

  async get(scope: Scope, token: string): Promise<LoadedRecipient | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.recipient(scope, token),
        ConsistentRead: true,
      }),
    );
    if (!result.Item) return null;
    return { recipient: result.Item.recipient as Recipient, version: Number(result.Item.ver) };
  }

  list(scope: Scope, page: number): Promise<Page<Recipient>> {
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi1', listKey: lists.recipients(scope), counter: recipientsCounter(scope) },
      page,
      (item) => item.recipient as Recipient,
    );
  }

  async create(
    scope: Scope,
    recipient: Recipient,
    intake: BankAccountIntake,
    event: WattleEvent,
    now: Date,
  ): Promise<void> {
    const tx = newTransaction<RecipientLabel>(this.ctx).put('recipient', {
      Item: {
        ...keys.recipient(scope, recipient.token),
        _et: 'recipient',
        recipient,
        sealedNumber: intake.sealed.sealedNumber,
        ver: 1,
        ...listMembership('gsi1', lists.recipients(scope), listSortKey(now, recipient.token)),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    this.takeIn(tx, scope, intake, now);
    countIn(tx, recipientsCounter(scope), 1);
    recordEvent(tx, scope, event, now);
    await tx.commit(this.ctx.doc);
  }

  /** The changed recipient under the version read before (Changed on a race). */
  async update(
    scope: Scope,
    loaded: LoadedRecipient,
    recipient: Recipient,
    intake: BankAccountIntake | null,
    event: WattleEvent,
    now: Date,
  ): Promise<void> {
    const sets = ['#r = :r', 'ver = ver + :one'];
    const values: Record<string, unknown> = { ':r': recipient, ':one': 1, ':v': loaded.version };
    if (intake) {
      sets.push('sealedNumber = :sealed');
      values[':sealed'] = intake.sealed.sealedNumber;
    }
    const tx = newTransaction<RecipientLabel>(this.ctx).update('recipient', {
      Key: keys.recipient(scope, recipient.token),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'ver = :v',
      ExpressionAttributeNames: { '#r': 'recipient' },
      ExpressionAttributeValues: values,
    });
    if (intake) this.takeIn(tx, scope, intake, now);
    recordEvent(tx, scope, event, now);
    await tx.commit(this.ctx.doc, { recipient: () => new Changed('recipient', recipient.token) });
  }

  /** Deletes the recipient as read (Changed on a race); its transfers stay. */
  async delete(scope: Scope, loaded: LoadedRecipient, event: WattleEvent, now: Date): Promise<void> {
    const tx = newTransaction<RecipientLabel>(this.ctx).delete('recipient', {
      Key: keys.recipient(scope, loaded.recipient.token),
      ConditionExpression: 'ver = :v',
      ExpressionAttributeValues: { ':v': loaded.version },
    });
    countIn(tx, recipientsCounter(scope), -1);
    recordEvent(tx, scope, event, now);
    await tx.commit(this.ctx.doc, {
      recipient: () => new Changed('recipient', loaded.recipient.token),
    });
  }

  private takeIn(tx: Transaction<RecipientLabel>, scope: Scope, intake: BankAccountIntake, now: Date): void {
    if (intake.from === 'token') this.tokens.consumeIn(tx, scope, intake.sealed.bankAccount.token, now);
  }
}
