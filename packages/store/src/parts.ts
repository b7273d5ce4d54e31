import type { StoreContext } from './kernel/context.ts';
import * as repo from './repositories.ts';

/** What a repository is made from: the store's context (a composition's, @wattle/runtime). */
export interface OverStoreContext {
  storeContext: StoreContext;
}

/*
 * The registry of the repositories, the one place their names are written: each exported under
 * its port's name (the name the flows' dependencies use), as the part that makes it. A function's
 * composition names the ones its routes use (functionDeps over @wattle/runtime/parts, which
 * re-exports these), so its bundle keeps only those; the Store (./store.ts) is every one of them.
 */

export const accounts = (c: OverStoreContext) => new repo.AccountsRepo(c.storeContext);
export const applePayDomains = (c: OverStoreContext) => new repo.ApplePayDomainsRepo(c.storeContext);
export const balance = (c: OverStoreContext) => new repo.BalanceRepo(c.storeContext);
export const bankAccountTokens = (c: OverStoreContext) => new repo.BankAccountTokensRepo(c.storeContext);
export const cardTokens = (c: OverStoreContext) => new repo.CardTokensRepo(c.storeContext);
export const customers = (c: OverStoreContext) => new repo.CustomersRepo(c.storeContext);
export const deposits = (c: OverStoreContext) => new repo.DepositsRepo(c.storeContext);
export const disputes = (c: OverStoreContext) => new repo.DisputesRepo(c.storeContext);
export const events = (c: OverStoreContext) => new repo.EventsRepo(c.storeContext);
export const expiredItems = (c: OverStoreContext) => new repo.ExpiredItemsRepo(c.storeContext);
export const files = (c: OverStoreContext) => new repo.FilesRepo(c.storeContext);
export const idempotency = (c: OverStoreContext) => new repo.IdempotencyRepo(c.storeContext);
export const merchants = (c: OverStoreContext) => new repo.MerchantsRepo(c.storeContext);
export const paymentSources = (c: OverStoreContext) => new repo.PaymentSourcesRepo(c.storeContext);
export const payments = (c: OverStoreContext) => new repo.PaymentsRepo(c.storeContext);
export const plans = (c: OverStoreContext) => new repo.PlansRepo(c.storeContext);
export const processorNotifications = (c: OverStoreContext) =>
  new repo.ProcessorNotificationsRepo(c.storeContext);
export const recipients = (c: OverStoreContext) => new repo.RecipientsRepo(c.storeContext);
export const refunds = (c: OverStoreContext) => new repo.RefundsRepo(c.storeContext);
export const schedule = (c: OverStoreContext) => new repo.ScheduleRepo(c.storeContext);
export const subscriptions = (c: OverStoreContext) => new repo.SubscriptionsRepo(c.storeContext);
export const transfers = (c: OverStoreContext) => new repo.TransfersRepo(c.storeContext);
export const webhookEndpoints = (c: OverStoreContext) => new repo.WebhookEndpointsRepo(c.storeContext);
export const webhooks = (c: OverStoreContext) => new repo.WebhooksRepo(c.storeContext);
