import * as repo from './repositories.ts';
import { boundByDeadline } from './world/deadline.ts';
import type { MemoryWorld } from './world/world.ts';

/** What an in-memory repository is made from: the one world all of them share. */
export interface OverMemoryWorld {
  memoryWorld: MemoryWorld;
}

/*
 * The registry of the in-memory repositories, under the same names as the DynamoDB store's
 * (@wattle/store/parts): each its port's name, as the part that makes it, so a composition picks
 * an engine by picking a registry. Each is bound by the work's deadline when the world is given
 * one (`timeLeft`), as the DynamoDB store's calls are.
 */

const bounded = <R extends object>(c: OverMemoryWorld, repository: R): R =>
  c.memoryWorld.timeLeft ? boundByDeadline(repository, c.memoryWorld.timeLeft) : repository;

export const accounts = (c: OverMemoryWorld) => bounded(c, new repo.AccountsRepo(c.memoryWorld));
export const applePayDomains = (c: OverMemoryWorld) =>
  bounded(c, new repo.ApplePayDomainsRepo(c.memoryWorld));
export const balance = (c: OverMemoryWorld) => bounded(c, new repo.BalanceRepo(c.memoryWorld));
export const bankAccountTokens = (c: OverMemoryWorld) =>
  bounded(c, new repo.BankAccountTokensRepo(c.memoryWorld));
export const cardTokens = (c: OverMemoryWorld) => bounded(c, new repo.CardTokensRepo(c.memoryWorld));
export const customers = (c: OverMemoryWorld) => bounded(c, new repo.CustomersRepo(c.memoryWorld));
export const deposits = (c: OverMemoryWorld) => bounded(c, new repo.DepositsRepo(c.memoryWorld));
export const disputes = (c: OverMemoryWorld) => bounded(c, new repo.DisputesRepo(c.memoryWorld));
export const events = (c: OverMemoryWorld) => bounded(c, new repo.EventsRepo(c.memoryWorld));
export const expiredItems = (c: OverMemoryWorld) => bounded(c, new repo.ExpiredItemsRepo(c.memoryWorld));
export const files = (c: OverMemoryWorld) => bounded(c, new repo.FilesRepo(c.memoryWorld));
export const idempotency = (c: OverMemoryWorld) => bounded(c, new repo.IdempotencyRepo(c.memoryWorld));
export const merchants = (c: OverMemoryWorld) => bounded(c, new repo.MerchantsRepo(c.memoryWorld));
export const paymentSources = (c: OverMemoryWorld) => bounded(c, new repo.PaymentSourcesRepo(c.memoryWorld));
export const payments = (c: OverMemoryWorld) => bounded(c, new repo.PaymentsRepo(c.memoryWorld));
export const plans = (c: OverMemoryWorld) => bounded(c, new repo.PlansRepo(c.memoryWorld));
export const processorNotifications = (c: OverMemoryWorld) =>
  bounded(c, new repo.ProcessorNotificationsRepo(c.memoryWorld));
export const recipients = (c: OverMemoryWorld) => bounded(c, new repo.RecipientsRepo(c.memoryWorld));
export const refunds = (c: OverMemoryWorld) => bounded(c, new repo.RefundsRepo(c.memoryWorld));
export const schedule = (c: OverMemoryWorld) => bounded(c, new repo.ScheduleRepo(c.memoryWorld));
export const subscriptions = (c: OverMemoryWorld) => bounded(c, new repo.SubscriptionsRepo(c.memoryWorld));
export const transfers = (c: OverMemoryWorld) => bounded(c, new repo.TransfersRepo(c.memoryWorld));
export const webhookEndpoints = (c: OverMemoryWorld) =>
  bounded(c, new repo.WebhookEndpointsRepo(c.memoryWorld));
export const webhooks = (c: OverMemoryWorld) => bounded(c, new repo.WebhooksRepo(c.memoryWorld));
