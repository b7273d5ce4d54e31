export * from './api-keys.ts';
export * from './provision-account.ts';
