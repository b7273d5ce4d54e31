export * from './activate-merchant.ts';
export * from './args.ts';
export * from './create-account.ts';
export * from './target.ts';
export * from './trigger.ts';
export { recipes } from './triggers/index.ts';
