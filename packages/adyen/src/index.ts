export * from './adyen-processor.ts';
export * from './checkout-http.ts';
export * from './config.ts';
export * from './declines.ts';
export * from './notifications.ts';
