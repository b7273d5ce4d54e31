import type { Recipient, Scope, WattleEvent } from '@wattle/domain';
import {
  type BankAccountIntake,
  Changed,
  type LoadedRecipient,
  type Page,
  type RecipientsStore,
} from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { listSortKey, scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { BankAccountTokensRepo } from './bank-account-tokens-repo.ts';

interface StoredRecipient {
  recipient: Recipient;
  sealedNumber: string;
  ver: number;
  sortKey: string;
}

export const recipientsOf = (world: MemoryWorld) => world.table<StoredRecipient>('recipient');

/** Recipients, each holding its bank account's sealed number for the payouts. */
export class RecipientsRepo implements RecipientsStore {
  private readonly recipients;
  private readonly tokens: BankAccountTokensRepo;

  constructor(private readonly world: MemoryWorld) {
    this.recipients = recipientsOf(world);
    this.tokens = new BankAccountTokensRepo(world);
  }

  async get(scope: Scope, token: string): Promise<LoadedRecipient | null> {
    const stored = this.recipients.get(scoped(scope, token));
    return stored ? { recipient: copy(stored.recipient), version: stored.ver } : null;
  }

  async list(scope: Scope, page: number): Promise<Page<Recipient>> {
    return pageOf(this.world.lists.page(listKey(scope, 'recipients'), page), (id) => {
      const stored = this.recipients.get(id);
      return stored ? copy(stored.recipient) : undefined;
    });
  }

  async create(scope: Scope, recipient: Recipient, intake: BankAccountIntake, event: WattleEvent, now: Date) {
    const id = scoped(scope, recipient.token);
    const list = listKey(scope, 'recipients');
    const change = new Change().check(() => !this.recipients.has(id), 'recipient');
    this.takeIn(change, scope, intake, now).write(() => {
      const stored = {
        recipient: copy(recipient),
        sealedNumber: intake.sealed.sealedNumber,
        ver: 1,
        sortKey: listSortKey(now, recipient.token),
      };
      this.recipients.set(id, stored);
      this.world.lists.join(list, stored.sortKey, id);
      this.world.lists.move(list, 1);
    });
    this.world.outbox.recordIn(change, scope, event, now).commit();
  }

  async update(
    scope: Scope,
    loaded: LoadedRecipient,
    recipient: Recipient,
    intake: BankAccountIntake | null,
    event: WattleEvent,
    now: Date,
  ): Promise<void> {
    const id = scoped(scope, recipient.token);
    const change = new Change()
      .check(
        () => this.recipients.get(id)?.ver === loaded.version,
        () => new Changed('recipient', recipient.token),
      )
      .write(() => {
        const stored = this.recipients.get(id)!;
        stored.recipient = copy(recipient);
        stored.ver++;
        if (intake) stored.sealedNumber = intake.sealed.sealedNumber;
      });
    if (intake) this.takeIn(change, scope, intake, now);
    this.world.outbox.recordIn(change, scope, event, now).commit();
  }

  async delete(scope: Scope, loaded: LoadedRecipient, event: WattleEvent, now: Date): Promise<void> {
    const id = scoped(scope, loaded.recipient.token);
    const list = listKey(scope, 'recipients');
    const change = new Change()
      .check(
        () => this.recipients.get(id)?.ver === loaded.version,
        () => new Changed('recipient', loaded.recipient.token),
      )
      .write(() => {
        this.world.lists.leave(list, this.recipients.get(id)!.sortKey);
        this.world.lists.move(list, -1);
        this.recipients.delete(id);
      });
    this.world.outbox.recordIn(change, scope, event, now).commit();
  }

  private takeIn(change: Change, scope: Scope, intake: BankAccountIntake, now: Date): Change {
    return intake.from === 'token'
      ? this.tokens.consumeIn(change, scope, intake.sealed.bankAccount.token, now)
      : change;
  }
}
