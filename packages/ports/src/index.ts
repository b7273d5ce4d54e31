export * from './cards.ts';
export * from './customers.ts';
export * from './outcomes.ts';
export * from './pages.ts';
export * from './payments.ts';
export * from './schedule.ts';
export * from './system.ts';
export * from './webhook-endpoints.ts';
