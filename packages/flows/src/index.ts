export * from './webhook-endpoints/index.ts';
