export * from './uncount-expired-items.ts';
