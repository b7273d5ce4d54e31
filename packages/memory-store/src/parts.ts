import * as repo from './repositories.ts';
import type { MemoryWorld } from './world/world.ts';

/** What an in-memory repository is made from: the one world all of them share. */
export interface OverMemoryWorld {
  memoryWorld: MemoryWorld;
}

/*
 * The registry of the in-memory repositories, under the same names as the DynamoDB store's
 * (@wattle/store/parts): each its port's name, as the part that makes it, so a composition picks
 * an engine by picking a registry.
 */

export const accounts = (c: OverMemoryWorld) => new repo.MemoryAccounts(c.memoryWorld);
export const applePayDomains = (c: OverMemoryWorld) => new repo.MemoryApplePayDomains(c.memoryWorld);
export const balance = (c: OverMemoryWorld) => new repo.MemoryBalance(c.memoryWorld);
export const bankAccountTokens = (c: OverMemoryWorld) => new repo.MemoryBankAccountTokens(c.memoryWorld);
export const cardTokens = (c: OverMemoryWorld) => new repo.MemoryCardTokens(c.memoryWorld);
export const customers = (c: OverMemoryWorld) => new repo.MemoryCustomers(c.memoryWorld);
export const deposits = (c: OverMemoryWorld) => new repo.MemoryDeposits(c.memoryWorld);
export const disputes = (c: OverMemoryWorld) => new repo.MemoryDisputes(c.memoryWorld);
export const events = (c: OverMemoryWorld) => new repo.MemoryEvents(c.memoryWorld);
export const expiredItems = (c: OverMemoryWorld) => new repo.MemoryExpiredItems(c.memoryWorld);
export const files = (c: OverMemoryWorld) => new repo.MemoryFiles(c.memoryWorld);
export const idempotency = (c: OverMemoryWorld) => new repo.MemoryIdempotency(c.memoryWorld);
export const merchants = (c: OverMemoryWorld) => new repo.MemoryMerchants(c.memoryWorld);
export const paymentSources = (c: OverMemoryWorld) => new repo.MemoryPaymentSources(c.memoryWorld);
export const payments = (c: OverMemoryWorld) => new repo.MemoryPayments(c.memoryWorld);
export const plans = (c: OverMemoryWorld) => new repo.MemoryPlans(c.memoryWorld);
export const processorNotifications = (c: OverMemoryWorld) =>
  new repo.MemoryProcessorNotifications(c.memoryWorld);
export const recipients = (c: OverMemoryWorld) => new repo.MemoryRecipients(c.memoryWorld);
export const refunds = (c: OverMemoryWorld) => new repo.MemoryRefunds(c.memoryWorld);
export const schedule = (c: OverMemoryWorld) => new repo.MemorySchedule(c.memoryWorld);
export const subscriptions = (c: OverMemoryWorld) => new repo.MemorySubscriptions(c.memoryWorld);
export const transfers = (c: OverMemoryWorld) => new repo.MemoryTransfers(c.memoryWorld);
export const webhookEndpoints = (c: OverMemoryWorld) => new repo.MemoryWebhookEndpoints(c.memoryWorld);
export const webhooks = (c: OverMemoryWorld) => new repo.MemoryWebhooks(c.memoryWorld);
