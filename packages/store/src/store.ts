import { defaultRetention, type Retention } from '@wattle/domain';
import type { CardCipher } from './kernel/card-cipher.ts';
import type { DocumentClient } from './kernel/client.ts';
import type { StoreContext } from './kernel/context.ts';
import {
  AccountsRepo,
  ApplePayDomainsRepo,
  BalanceRepo,
  BankAccountTokensRepo,
  CardTokensRepo,
  CustomersRepo,
  DepositsRepo,
  DisputesRepo,
  EventsRepo,
  ExpiredItemsRepo,
  FilesRepo,
  IdempotencyRepo,
  MerchantsRepo,
  PaymentSourcesRepo,
  PaymentsRepo,
  PlansRepo,
  RecipientsRepo,
  RefundsRepo,
  ScheduleRepo,
  SubscriptionsRepo,
  TransfersRepo,
  WebhookEndpointsRepo,
  WebhooksRepo,
} from './repositories.ts';

/** All repositories over one table. */
export class Store {
  readonly accounts: AccountsRepo;
  readonly cardTokens: CardTokensRepo;
  readonly bankAccountTokens: BankAccountTokensRepo;
  readonly customers: CustomersRepo;
  readonly events: EventsRepo;
  readonly expiredItems: ExpiredItemsRepo;
  readonly idempotency: IdempotencyRepo;
  readonly schedule: ScheduleRepo;
  readonly webhookEndpoints: WebhookEndpointsRepo;
  readonly webhooks: WebhooksRepo;
  readonly payments: PaymentsRepo;
  readonly paymentSources: PaymentSourcesRepo;
  readonly refunds: RefundsRepo;
  readonly merchants: MerchantsRepo;
  readonly balance: BalanceRepo;
  readonly recipients: RecipientsRepo;
  readonly plans: PlansRepo;
  readonly subscriptions: SubscriptionsRepo;
  readonly transfers: TransfersRepo;
  readonly deposits: DepositsRepo;
  readonly disputes: DisputesRepo;
  readonly files: FilesRepo;
  readonly applePayDomains: ApplePayDomainsRepo;

  constructor(readonly ctx: StoreContext) {
    this.accounts = new AccountsRepo(ctx);
    this.cardTokens = new CardTokensRepo(ctx);
    this.bankAccountTokens = new BankAccountTokensRepo(ctx);
    this.customers = new CustomersRepo(ctx);
    this.events = new EventsRepo(ctx);
    this.expiredItems = new ExpiredItemsRepo(ctx);
    this.idempotency = new IdempotencyRepo(ctx);
    this.schedule = new ScheduleRepo(ctx);
    this.webhookEndpoints = new WebhookEndpointsRepo(ctx);
    this.webhooks = new WebhooksRepo(ctx);
    this.payments = new PaymentsRepo(ctx);
    this.paymentSources = new PaymentSourcesRepo(ctx);
    this.refunds = new RefundsRepo(ctx);
    this.merchants = new MerchantsRepo(ctx);
    this.balance = new BalanceRepo(ctx);
    this.recipients = new RecipientsRepo(ctx);
    this.plans = new PlansRepo(ctx);
    this.subscriptions = new SubscriptionsRepo(ctx);
    this.transfers = new TransfersRepo(ctx);
    this.deposits = new DepositsRepo(ctx);
    this.disputes = new DisputesRepo(ctx);
    this.files = new FilesRepo(ctx);
    this.applePayDomains = new ApplePayDomainsRepo(ctx);
  }
}

/** The store's repositories, each the implementation of its resource's port (@wattle/ports). */
export type Repositories = Omit<Store, 'ctx'>;

/** The repositories by their port names, for the composition that hands them to the flows. */
export const repositoriesOf = (store: Store): Repositories => {
  const { ctx: _, ...repositories } = store;
  return repositories;
};

/**
 * What the repositories share (client, table, cipher, retention), without building any of them:
 * a Lambda composes only the repositories its routes use over it (@wattle/runtime/parts).
 */
export const storeContext = (
  doc: DocumentClient,
  tableName: string,
  cipher: CardCipher,
  retention: Retention = defaultRetention,
  timeLeft?: () => number,
): StoreContext => ({ doc, tableName, cipher, retention, ...(timeLeft ? { timeLeft } : {}) });

export const createStore = (
  doc: DocumentClient,
  tableName: string,
  cipher: CardCipher,
  retention: Retention = defaultRetention,
): Store => new Store(storeContext(doc, tableName, cipher, retention));
