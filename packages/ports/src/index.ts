export * from './outcomes.ts';
export * from './pages.ts';
export * from './system.ts';
export * from './webhook-endpoints.ts';
