export * from './cards/index.ts';
export * from './webhook-endpoints/index.ts';
