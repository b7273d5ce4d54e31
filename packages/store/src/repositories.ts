/**
 * Each repository's class, for a composition that builds only the ones it names over a
 * StoreContext (a Lambda's bundle then holds only those: packages/runtime/src/parts.ts). The
 * Store class builds them all.
 */
export { EventsRepo } from './kernel/events-outbox.ts';
export { ScheduleRepo } from './kernel/schedule.ts';
export { AccountsRepo } from './repos/accounts-repo.ts';
export { ApplePayDomainsRepo } from './repos/apple-pay-domains-repo.ts';
export { BalanceRepo } from './repos/balance-repo.ts';
export { BankAccountTokensRepo } from './repos/bank-account-tokens-repo.ts';
export { CardTokensRepo } from './repos/card-tokens-repo.ts';
export { CustomersRepo } from './repos/customers-repo.ts';
export { DepositsRepo } from './repos/deposits-repo.ts';
export { DisputesRepo } from './repos/disputes-repo.ts';
export { ExpiredItemsRepo } from './repos/expired-items-repo.ts';
export { FilesRepo } from './repos/files-repo.ts';
export { IdempotencyRepo } from './repos/idempotency-repo.ts';
export { MerchantsRepo } from './repos/merchants-repo.ts';
export { PaymentSourcesRepo } from './repos/payment-sources-repo.ts';
export { PaymentsRepo } from './repos/payments-repo.ts';
export { PlansRepo } from './repos/plans-repo.ts';
export { RecipientsRepo } from './repos/recipients-repo.ts';
export { RefundsRepo } from './repos/refunds-repo.ts';
export { SubscriptionsRepo } from './repos/subscriptions-repo.ts';
export { TransfersRepo } from './repos/transfers-repo.ts';
export { WebhookEndpointsRepo } from './repos/webhook-endpoints-repo.ts';
export { WebhooksRepo } from './repos/webhooks-repo.ts';
