export * from './activate-merchant.ts';
export * from './processor-routing.ts';
export * from './read-merchants.ts';
export * from './refer-merchant.ts';
export * from './review-merchant.ts';
export * from './sealing.ts';
