export * from './config.ts';
export * from './declines.ts';
export * from './http.ts';
export * from './notifications.ts';
export * from './orders.ts';
export * from './paypal-processor.ts';
