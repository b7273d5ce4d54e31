export * from './create-refund.ts';
export * from './read-refunds.ts';
export * from './settle-refund.ts';
