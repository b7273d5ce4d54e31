export * from './args.ts';
export * from './create-account.ts';
