export * from './bill-now.ts';
export * from './bill-outcome.ts';
export * from './charge-bill.ts';
export * from './recover-bill.ts';
export * from './renew-subscription.ts';
export * from './settle-bill.ts';
export * from './settle-bill-charge.ts';
