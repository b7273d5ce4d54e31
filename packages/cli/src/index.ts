export * from './args.ts';
export * from './create-account.ts';
export * from './decide-merchant.ts';
export { fullUsage } from './help.ts';
export * from './target.ts';
export * from './trigger.ts';
export { recipes } from './triggers/index.ts';
