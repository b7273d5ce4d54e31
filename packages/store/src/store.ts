import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BankAccount } from '@wattle/domain';
import { AccountsRepo } from './accounts-repo.ts';
import { BalanceRepo } from './balance-repo.ts';
import { bankAccountTokens } from './bank-account-tokens-repo.ts';
import type { CardCipher } from './card-cipher.ts';
import { CardTokensRepo } from './card-tokens-repo.ts';
import type { StoreContext } from './context.ts';
import { CustomersRepo } from './customers-repo.ts';
import { EventsRepo } from './events-outbox.ts';
import { IdempotencyRepo } from './idempotency-repo.ts';
import { MerchantsRepo } from './merchants-repo.ts';
import { PaymentsRepo } from './payments-repo.ts';
import { PlansRepo } from './plans-repo.ts';
import { RecipientsRepo } from './recipients-repo.ts';
import { RefundsRepo } from './refunds-repo.ts';
import { ScheduleRepo } from './schedule.ts';
import type { SingleUseTokens } from './single-use-tokens.ts';
import { SubscriptionsRepo } from './subscriptions-repo.ts';
import { TransfersRepo } from './transfers-repo.ts';
import { WebhookEndpointsRepo } from './webhook-endpoints-repo.ts';
import { WebhooksRepo } from './webhooks-repo.ts';

/** All repositories over one table. */
export class Store {
  readonly accounts: AccountsRepo;
  readonly cardTokens: CardTokensRepo;
  readonly bankAccountTokens: SingleUseTokens<BankAccount>;
  readonly customers: CustomersRepo;
  readonly events: EventsRepo;
  readonly idempotency: IdempotencyRepo;
  readonly schedule: ScheduleRepo;
  readonly webhookEndpoints: WebhookEndpointsRepo;
  readonly webhooks: WebhooksRepo;
  readonly payments: PaymentsRepo;
  readonly refunds: RefundsRepo;
  readonly merchants: MerchantsRepo;
  readonly balance: BalanceRepo;
  readonly recipients: RecipientsRepo;
  readonly plans: PlansRepo;
  readonly subscriptions: SubscriptionsRepo;
  readonly transfers: TransfersRepo;

  constructor(readonly ctx: StoreContext) {
    this.accounts = new AccountsRepo(ctx);
    this.cardTokens = new CardTokensRepo(ctx);
    this.bankAccountTokens = bankAccountTokens(ctx);
    this.customers = new CustomersRepo(ctx);
    this.events = new EventsRepo(ctx);
    this.idempotency = new IdempotencyRepo(ctx);
    this.schedule = new ScheduleRepo(ctx);
    this.webhookEndpoints = new WebhookEndpointsRepo(ctx);
    this.webhooks = new WebhooksRepo(ctx);
    this.payments = new PaymentsRepo(ctx);
    this.refunds = new RefundsRepo(ctx);
    this.merchants = new MerchantsRepo(ctx);
    this.balance = new BalanceRepo(ctx);
    this.recipients = new RecipientsRepo(ctx);
    this.plans = new PlansRepo(ctx);
    this.subscriptions = new SubscriptionsRepo(ctx);
    this.transfers = new TransfersRepo(ctx);
  }
}

export const createStore = (doc: DynamoDBDocumentClient, tableName: string, cipher: CardCipher): Store =>
  new Store({ doc, tableName, cipher });
