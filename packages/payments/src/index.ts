export * from './refunds.ts';
export * from './transfers.ts';
