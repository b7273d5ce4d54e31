/** Each in-memory repository's class, which the registry (./parts.ts) builds by its port's name. */
export { MemoryAccounts } from './repos/accounts.ts';
export { MemoryApplePayDomains } from './repos/apple-pay-domains.ts';
export { MemoryBankAccountTokens } from './repos/bank-account-tokens.ts';
export { MemoryCardTokens } from './repos/card-tokens.ts';
export { MemoryCustomers } from './repos/customers.ts';
export { MemoryEvents } from './repos/events.ts';
export { MemoryExpiredItems } from './repos/expired-items.ts';
export { MemoryFiles } from './repos/files.ts';
export { MemoryIdempotency } from './repos/idempotency.ts';
export { MemoryMerchants } from './repos/merchants.ts';
export { MemoryPaymentSources } from './repos/payment-sources.ts';
export { MemoryPlans } from './repos/plans.ts';
export { MemoryRecipients } from './repos/recipients.ts';
export { MemorySchedule } from './repos/schedule.ts';
export { MemoryWebhookEndpoints } from './repos/webhook-endpoints.ts';
export { MemoryWebhooks } from './repos/webhooks.ts';
