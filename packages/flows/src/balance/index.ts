export * from './read-balance.ts';
