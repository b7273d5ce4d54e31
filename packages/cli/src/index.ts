export * from './activate-merchant.ts';
export * from './args.ts';
export * from './create-account.ts';
