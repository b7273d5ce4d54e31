export * from './create-payment-source.ts';
export * from './read-payment-source.ts';
export * from './take-payment-source.ts';
