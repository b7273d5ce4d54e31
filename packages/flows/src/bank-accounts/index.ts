export * from './create-bank-account.ts';
