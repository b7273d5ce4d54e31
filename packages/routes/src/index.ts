export * from './queues.ts';
export * from './routes.ts';
