export * from './cards/index.ts';
export * from './customers/index.ts';
export * from './webhook-endpoints/index.ts';
