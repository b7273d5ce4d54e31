export * from './document.ts';
export * from './operations.ts';
