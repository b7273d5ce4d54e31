export * from './live-processor.ts';
export * from './public-base-url.ts';
export * from './queues.ts';
export * from './routes.ts';
