export * from './create-payment.ts';
export * from './create-payment-once.ts';
export * from './payment-events.ts';
export * from './payment-sources.ts';
export * from './recover-payment.ts';
export * from './settle-payment.ts';
export * from './three-d-secure.ts';
export * from './transitions.ts';
