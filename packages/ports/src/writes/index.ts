export * from './customer-writes.ts';
export * from './store-writes.ts';
