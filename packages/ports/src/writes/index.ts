export * from './apple-pay-domain-writes.ts';
export * from './customer-writes.ts';
export * from './dispute-writes.ts';
export * from './file-writes.ts';
export * from './money-writes.ts';
export * from './plan-writes.ts';
export * from './recipient-writes.ts';
export * from './store-writes.ts';
