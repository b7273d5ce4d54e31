export * from './billing/index.ts';
export * from './cards/index.ts';
export * from './plans/index.ts';
export * from './subscriptions/index.ts';
export * from './webhook-endpoints/index.ts';
