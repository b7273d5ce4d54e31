import { randomUUID } from 'node:crypto';
import {
  type Account,
  type BankAccount,
  type Card,
  type Customer,
  type EventType,
  type Plan,
  type Recipient,
  type Scope,
  toTimestamp,
  type WattleEvent,
  type WebhookEndpoint,
} from '@wattle/domain';
import type {
  AccountsStore,
  ApplePayDomainsStore,
  BalanceStore,
  BankAccountTokensStore,
  CardTokensStore,
  CustomersStore,
  DepositsStore,
  DisputesStore,
  EventsStore,
  ExpiredItemsStore,
  FilesStore,
  IdempotencyStore,
  Ids,
  MerchantsStore,
  PaymentSourcesStore,
  PaymentsStore,
  PlansStore,
  ProcessorNotificationsStore,
  RecipientsStore,
  RefundsStore,
  ScheduleStore,
  SubscriptionsStore,
  TransferLinks,
  TransfersStore,
  WebhookEndpointsStore,
  WebhooksStore,
} from '@wattle/ports';
import { aCard as aStoredCard } from '../helpers/builders.ts';

/**
 * The store ports the contract suite holds an engine to, by their names in both registries
 * (@wattle/store/parts and @wattle/memory-store/parts): the DynamoDB store and the in-memory
 * store are each one of these.
 */
export interface StorePorts {
  accounts: AccountsStore;
  applePayDomains: ApplePayDomainsStore;
  balance: BalanceStore;
  deposits: DepositsStore;
  disputes: DisputesStore;
  payments: PaymentsStore & TransferLinks;
  refunds: RefundsStore;
  transfers: TransfersStore;
  bankAccountTokens: BankAccountTokensStore;
  cardTokens: CardTokensStore;
  customers: CustomersStore;
  events: EventsStore;
  expiredItems: ExpiredItemsStore;
  files: FilesStore;
  idempotency: IdempotencyStore;
  merchants: MerchantsStore;
  paymentSources: PaymentSourcesStore;
  plans: PlansStore;
  processorNotifications: ProcessorNotificationsStore;
  recipients: RecipientsStore;
  schedule: ScheduleStore;
  subscriptions: SubscriptionsStore;
  webhookEndpoints: WebhookEndpointsStore;
  webhooks: WebhooksStore;
}

/** One engine under the suite: its ports, made once per test file. */
export type Engine = () => StorePorts;

/** Random tokens, as real ones: the engines' data outlives a test, so nothing two tests share. */
export const ids: Ids = {
  token: (prefix) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 22)}`,
  derived: (prefix, seed) => `${prefix}_${seed}`,
};

/** A unique name of anything that is not a token (a key, a key hash). */
export const unique = (prefix: string): string => `${prefix}_${randomUUID().replaceAll('-', '')}`;

/** A merchant's environment of its own for each test. */
export const newScope = (): Scope => ({ accountId: ids.token('acct'), environment: 'test' });

export const at = (iso: string): Date => new Date(iso);

/** `base` moved on by `ms`. */
export const later = (base: Date, ms: number): Date => new Date(base.getTime() + ms);

export const anEvent = (type: EventType, now: Date, data: Record<string, unknown> = {}): WattleEvent => ({
  token: ids.token('evt'),
  type,
  data,
  createdAt: toTimestamp(now),
});

export const aCard = (now: Date): Card =>
  aStoredCard({ token: ids.token('card'), createdAt: toTimestamp(now) });

export const aCustomer = (primaryCard: Card, now: Date): Customer => ({
  token: ids.token('cus'),
  email: 'a@example.com',
  firstName: '',
  lastName: '',
  phoneNumber: '',
  company: '',
  notes: '',
  createdAt: toTimestamp(now),
  primaryCard,
});

export const aBankAccount = (now: Date): BankAccount => ({
  token: ids.token('ba'),
  name: 'Mr Roland Robot',
  bsb: '123456',
  number: 'XXXXXX321',
  bankName: '',
  branch: '',
  createdAt: toTimestamp(now),
});

export const aRecipient = (bankAccount: BankAccount, now: Date): Recipient => ({
  token: ids.token('rp'),
  name: 'Roland',
  email: 'roland@example.com',
  createdAt: toTimestamp(now),
  bankAccount,
});

export const aPlan = (now: Date, name = `Plan ${randomUUID().slice(0, 8)}`): Plan => ({
  token: ids.token('plan'),
  name,
  amount: 1000,
  currency: 'AUD',
  interval: 1,
  intervalUnit: 'month',
  intervals: 0,
  setupAmount: 0,
  trialAmount: 0,
  trialInterval: 0,
  trialIntervalUnit: '',
  createdAt: toTimestamp(now),
  customerPermissions: ['cancel'],
});

export const anEndpoint = (now: Date): WebhookEndpoint => ({
  token: ids.token('whe'),
  key: 'k',
  url: 'https://example.com/hooks',
  createdAt: toTimestamp(now),
  updatedAt: toTimestamp(now),
});

export const anAccount = (now: Date, overrides: Partial<Account> = {}): Account => ({
  id: ids.token('acct'),
  kind: 'merchant',
  name: 'Shop',
  email: 'shop@example.com',
  status: 'active',
  referredBy: null,
  createdAt: toTimestamp(now),
  ...overrides,
});

/** Settles every promise, for a race: which won, which were refused and with what. */
export const race = async <T>(...attempts: Promise<T>[]) => {
  const settled = await Promise.allSettled(attempts);
  return {
    won: settled.filter((s) => s.status === 'fulfilled').length,
    refusals: settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : [])),
  };
};
