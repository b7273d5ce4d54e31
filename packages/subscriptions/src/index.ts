export * from './bills.ts';
export * from './changes.ts';
export * from './plans.ts';
export * from './renewals.ts';
export * from './subscriptions.ts';
