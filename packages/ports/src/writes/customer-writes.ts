import type { Customer, Scope, WattleEvent } from '@wattle/domain';
import type { CardIntake } from '../cards.ts';
import type { CustomerChange, CustomersStore, LoadedCustomer } from '../customers.ts';
import {
  changedOrMissing,
  type ListRef,
  listSortKey,
  missing,
  type StoreWrite,
  type StoreWriter,
} from './store-writes.ts';

/** The customers' writes (CustomersStore), once for both engines. */

const customers: ListRef = { list: 'customers' };
const cardsOf = (customerToken: string): ListRef => ({ list: 'cards', of: customerToken });

/** A card taken in (a token or a payment source used up with it), owned and listed; its count apart. */
const cardIntake = (customerToken: string, intake: CardIntake, now: Date): StoreWrite[] => {
  const { card, sealedNumber } = intake.sealed;
  return [
    ...(intake.from === 'token'
      ? [{ kind: 'use-token', token: 'card-token', value: card.token } as const]
      : []),
    ...(intake.from === 'payment_source'
      ? [{ kind: 'use-token', token: 'payment-source', value: intake.paymentSourceToken } as const]
      : []),
    {
      kind: 'create',
      ref: { record: 'customer-card', of: customerToken, token: card.token },
      fields: { customerToken, card, sealedNumber },
      listed: [{ in: cardsOf(customerToken), sortKey: listSortKey(now, card.token) }],
    },
    { kind: 'create', ref: { record: 'card-owner', token: card.token }, fields: { customerToken } },
  ];
};

/** A card of the customer gone, with the record of its owner. */
const cardRemoval = (customerToken: string, cardToken: string, refused?: 'missing'): StoreWrite[] => [
  {
    kind: 'delete',
    ref: { record: 'customer-card', of: customerToken, token: cardToken },
    leaves: cardsOf(customerToken),
    ...(refused ? { when: { exists: true }, refusal: missing('card', cardToken) } : {}),
  },
  { kind: 'delete', ref: { record: 'card-owner', token: cardToken } },
];

/** The customer with its first (primary) card, counted, with its event. */
export const customerCreation = (
  customer: Customer,
  intake: CardIntake,
  event: WattleEvent,
  now: Date,
): StoreWrite[] => [
  {
    kind: 'create',
    ref: { record: 'customer', token: customer.token },
    fields: { customer, ver: 1 },
    listed: [{ in: customers, sortKey: listSortKey(now, customer.token) }],
  },
  ...cardIntake(customer.token, intake, now),
  { kind: 'count', list: customers, by: 1 },
  { kind: 'count', list: cardsOf(customer.token), by: 1 },
  { kind: 'event', event },
];

/** Fields and primary card changed together, under the version read (Changed, or Missing when gone). */
export const customerUpdate = (change: CustomerChange, now: Date): StoreWrite[] => {
  const { customer } = change;
  const cards = (change.intake ? 1 : 0) - (change.removedCardToken ? 1 : 0);
  return [
    {
      kind: 'update',
      ref: { record: 'customer', token: customer.token },
      set: { customer },
      bump: true,
      when: { version: change.expectedVersion },
      refusal: changedOrMissing('customer', customer.token),
    },
    ...(change.intake ? cardIntake(customer.token, change.intake, now) : []),
    ...(change.removedCardToken
      ? [
          {
            kind: 'delete',
            ref: { record: 'customer-card', of: customer.token, token: change.removedCardToken },
            when: { exists: true },
            leaves: cardsOf(customer.token),
          } as const,
          { kind: 'delete', ref: { record: 'card-owner', token: change.removedCardToken } } as const,
        ]
      : []),
    ...(cards !== 0 ? [{ kind: 'count', list: cardsOf(customer.token), by: cards } as const] : []),
    { kind: 'event', event: change.event },
  ];
};

/** A non-primary card added; the version moves so a racing delete starts over (Missing when gone). */
export const cardAddition = (customerToken: string, intake: CardIntake, now: Date): StoreWrite[] => [
  {
    kind: 'update',
    ref: { record: 'customer', token: customerToken },
    set: {},
    bump: true,
    when: { exists: true },
    refusal: missing('customer', customerToken),
  },
  ...cardIntake(customerToken, intake, now),
  { kind: 'count', list: cardsOf(customerToken), by: 1 },
];

/**
 * A card that is not the primary one removed: Changed when it is (now) the primary, Missing when
 * the customer or the card is not there.
 */
export const cardRemovalOf = (customerToken: string, cardToken: string): StoreWrite[] => [
  {
    kind: 'update',
    ref: { record: 'customer', token: customerToken },
    set: {},
    bump: true,
    when: { exists: true, differs: { path: ['customer', 'primaryCard', 'token'], value: cardToken } },
    refusal: changedOrMissing('customer', customerToken),
  },
  ...cardRemoval(customerToken, cardToken, 'missing'),
  { kind: 'count', list: cardsOf(customerToken), by: -1 },
];

/**
 * Some of a customer's cards removed ahead of its deletion (more than one write holds), under the
 * version read, which moves on (Changed, or Missing when gone).
 */
export const customerCardsRemoval = (
  customerToken: string,
  version: number,
  cardTokens: readonly string[],
): StoreWrite[] => [
  {
    kind: 'update',
    ref: { record: 'customer', token: customerToken },
    set: {},
    bump: true,
    when: { version },
    refusal: changedOrMissing('customer', customerToken),
  },
  ...cardTokens.flatMap((cardToken) => cardRemoval(customerToken, cardToken)),
  { kind: 'count', list: cardsOf(customerToken), by: -cardTokens.length },
];

/**
 * The customer and the cards left (`cardTokens`: all of them, the primary among them), under the
 * version read (Changed, or Missing when gone), its cards' count forgotten, with its event.
 */
export const customerDeletion = (
  loaded: LoadedCustomer,
  version: number,
  cardTokens: readonly string[],
  event: WattleEvent,
): StoreWrite[] => {
  const token = loaded.customer.token;
  return [
    {
      kind: 'delete',
      ref: { record: 'customer', token },
      when: { version },
      leaves: customers,
      refusal: changedOrMissing('customer', token),
    },
    ...cardTokens.flatMap((cardToken) => cardRemoval(token, cardToken)),
    { kind: 'drop-count', list: cardsOf(token) },
    { kind: 'count', list: customers, by: -1 },
    { kind: 'event', event },
  ];
};

/**
 * The customers' port's writes, on an engine's writer: its repository extends this with its reads
 * and `cardTokensOf`, the one read a deletion needs.
 */
export abstract class CustomerWrites
  implements Pick<CustomersStore, 'create' | 'update' | 'addCard' | 'removeCard' | 'delete'>
{
  constructor(protected readonly writer: StoreWriter) {}

  /** Every card of the customer, as the engine reads them at once (strongly consistent). */
  protected abstract cardTokensOf(scope: Scope, customerToken: string): Promise<string[]>;

  async create(scope: Scope, customer: Customer, intake: CardIntake, event: WattleEvent, now: Date) {
    await this.writer.commit(scope, customerCreation(customer, intake, event, now), now);
  }

  /** Throws Changed when another change came first, Missing when the customer is gone. */
  async update(scope: Scope, change: CustomerChange, now: Date): Promise<void> {
    await this.writer.commit(scope, customerUpdate(change, now), now);
  }

  async addCard(scope: Scope, customerToken: string, intake: CardIntake, now: Date): Promise<void> {
    await this.writer.commit(scope, cardAddition(customerToken, intake, now), now);
  }

  async removeCard(scope: Scope, customerToken: string, cardToken: string): Promise<void> {
    // Nothing of this write is stamped (no event, no token used): any time does.
    await this.writer.commit(scope, cardRemovalOf(customerToken, cardToken), new Date(0));
  }

  /**
   * The customer and all its cards. Cards beyond what one commit holds go first, in commits of
   * their own that each move the customer's version on; the last removes the customer under its
   * version, with the event.
   */
  async delete(scope: Scope, loaded: LoadedCustomer, event: WattleEvent, now: Date): Promise<void> {
    const token = loaded.customer.token;
    const primary = loaded.customer.primaryCard.token;
    const others = (await this.cardTokensOf(scope, token)).filter((t) => t !== primary);
    // Each card is two writes (the card and its owner's record), beside the customer's few.
    const room = Math.floor((this.writer.room - 6) / 2);
    let version = loaded.version;
    while (others.length > room) {
      await this.writer.commit(scope, customerCardsRemoval(token, version, others.splice(0, room)), now);
      version++;
    }
    await this.writer.commit(scope, customerDeletion(loaded, version, [...others, primary], event), now);
  }
}
