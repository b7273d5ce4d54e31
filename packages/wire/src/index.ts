export * from './objects.ts';
