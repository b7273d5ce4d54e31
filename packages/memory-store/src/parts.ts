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

export const accounts = (c: OverMemoryWorld) => bounded(c, new repo.MemoryAccounts(c.memoryWorld));
export const applePayDomains = (c: OverMemoryWorld) =>
  bounded(c, new repo.MemoryApplePayDomains(c.memoryWorld));
export const balance = (c: OverMemoryWorld) => bounded(c, new repo.MemoryBalance(c.memoryWorld));
export const bankAccountTokens = (c: OverMemoryWorld) =>
  bounded(c, new repo.MemoryBankAccountTokens(c.memoryWorld));
export const cardTokens = (c: OverMemoryWorld) => bounded(c, new repo.MemoryCardTokens(c.memoryWorld));
export const customers = (c: OverMemoryWorld) => bounded(c, new repo.MemoryCustomers(c.memoryWorld));
export const deposits = (c: OverMemoryWorld) => bounded(c, new repo.MemoryDeposits(c.memoryWorld));
export const disputes = (c: OverMemoryWorld) => bounded(c, new repo.MemoryDisputes(c.memoryWorld));
export const events = (c: OverMemoryWorld) => bounded(c, new repo.MemoryEvents(c.memoryWorld));
export const expiredItems = (c: OverMemoryWorld) => bounded(c, new repo.MemoryExpiredItems(c.memoryWorld));
export const files = (c: OverMemoryWorld) => bounded(c, new repo.MemoryFiles(c.memoryWorld));
export const idempotency = (c: OverMemoryWorld) => bounded(c, new repo.MemoryIdempotency(c.memoryWorld));
export const merchants = (c: OverMemoryWorld) => bounded(c, new repo.MemoryMerchants(c.memoryWorld));
export const paymentSources = (c: OverMemoryWorld) =>
  bounded(c, new repo.MemoryPaymentSources(c.memoryWorld));
export const payments = (c: OverMemoryWorld) => bounded(c, new repo.MemoryPayments(c.memoryWorld));
export const plans = (c: OverMemoryWorld) => bounded(c, new repo.MemoryPlans(c.memoryWorld));
export const processorNotifications = (c: OverMemoryWorld) =>
  bounded(c, new repo.MemoryProcessorNotifications(c.memoryWorld));
export const recipients = (c: OverMemoryWorld) => bounded(c, new repo.MemoryRecipients(c.memoryWorld));
export const refunds = (c: OverMemoryWorld) => bounded(c, new repo.MemoryRefunds(c.memoryWorld));
export const schedule = (c: OverMemoryWorld) => bounded(c, new repo.MemorySchedule(c.memoryWorld));
export const subscriptions = (c: OverMemoryWorld) => bounded(c, new repo.MemorySubscriptions(c.memoryWorld));
export const transfers = (c: OverMemoryWorld) => bounded(c, new repo.MemoryTransfers(c.memoryWorld));
export const webhookEndpoints = (c: OverMemoryWorld) =>
  bounded(c, new repo.MemoryWebhookEndpoints(c.memoryWorld));
export const webhooks = (c: OverMemoryWorld) => bounded(c, new repo.MemoryWebhooks(c.memoryWorld));
