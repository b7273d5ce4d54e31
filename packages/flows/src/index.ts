export * from './accounts/index.ts';
export * from './cards/index.ts';
export * from './events/index.ts';
export * from './merchants/index.ts';
export * from './scheduler/index.ts';
export * from './webhook-endpoints/index.ts';
export * from './webhooks/index.ts';
