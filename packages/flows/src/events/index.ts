export * from './read-events.ts';
