import { simulatedProcessor } from '@wattle/processor';
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
} from '@wattle/store';
import { httpWebhookSender } from '@wattle/webhooks';
import { lazyDeliveryQueue } from './delivery-queue.ts';
import type { Part, Parts } from './deps.ts';
import { scryptPasswordHasher } from './password-hasher.ts';

/*
 * The parts a function's composition names (functionDeps), each exported under the name of the
 * dependency it makes, so that `functionDeps({ accounts, payments })` reads as what it builds.
 * One export each, not one object of them all: a bundle keeps only the exports its function
 * imports, and with them only the repositories (and their store code) its routes use.
 */

export const accounts: Part<Parts['accounts']> = (c) => new AccountsRepo(c.storeContext);
export const applePayDomains: Part<Parts['applePayDomains']> = (c) => new ApplePayDomainsRepo(c.storeContext);
export const balance: Part<Parts['balance']> = (c) => new BalanceRepo(c.storeContext);
export const bankAccountTokens: Part<Parts['bankAccountTokens']> = (c) =>
  new BankAccountTokensRepo(c.storeContext);
export const cardTokens: Part<Parts['cardTokens']> = (c) => new CardTokensRepo(c.storeContext);
export const customers: Part<Parts['customers']> = (c) => new CustomersRepo(c.storeContext);
export const deposits: Part<Parts['deposits']> = (c) => new DepositsRepo(c.storeContext);
export const disputes: Part<Parts['disputes']> = (c) => new DisputesRepo(c.storeContext);
export const events: Part<Parts['events']> = (c) => new EventsRepo(c.storeContext);
export const expiredItems: Part<Parts['expiredItems']> = (c) => new ExpiredItemsRepo(c.storeContext);
export const files: Part<Parts['files']> = (c) => new FilesRepo(c.storeContext);
export const idempotency: Part<Parts['idempotency']> = (c) => new IdempotencyRepo(c.storeContext);
export const merchants: Part<Parts['merchants']> = (c) => new MerchantsRepo(c.storeContext);
export const paymentSources: Part<Parts['paymentSources']> = (c) => new PaymentSourcesRepo(c.storeContext);
export const payments: Part<Parts['payments']> = (c) => new PaymentsRepo(c.storeContext);
export const plans: Part<Parts['plans']> = (c) => new PlansRepo(c.storeContext);
export const recipients: Part<Parts['recipients']> = (c) => new RecipientsRepo(c.storeContext);
export const refunds: Part<Parts['refunds']> = (c) => new RefundsRepo(c.storeContext);
export const schedule: Part<Parts['schedule']> = (c) => new ScheduleRepo(c.storeContext);
export const subscriptions: Part<Parts['subscriptions']> = (c) => new SubscriptionsRepo(c.storeContext);
export const transfers: Part<Parts['transfers']> = (c) => new TransfersRepo(c.storeContext);
export const webhookEndpoints: Part<Parts['webhookEndpoints']> = (c) =>
  new WebhookEndpointsRepo(c.storeContext);
export const webhooks: Part<Parts['webhooks']> = (c) => new WebhooksRepo(c.storeContext);

export const deliveryQueue: Part<Parts['deliveryQueue']> = () => lazyDeliveryQueue();
export const webhookSender: Part<Parts['webhookSender']> = () => httpWebhookSender();
export const passwordHasher: Part<Parts['passwordHasher']> = () => scryptPasswordHasher;
export const processor: Part<Parts['processor']> = () => simulatedProcessor();
