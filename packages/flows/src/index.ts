export * from './cards/index.ts';
export * from './payments/index.ts';
export * from './webhook-endpoints/index.ts';
