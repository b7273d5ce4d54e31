export * from './balance/index.ts';
export * from './bank-accounts/index.ts';
export * from './cards/index.ts';
export * from './recipients/index.ts';
export * from './refunds/index.ts';
export * from './transfers/index.ts';
export * from './webhook-endpoints/index.ts';
