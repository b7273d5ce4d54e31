export * from './account-presenters.ts';
export * from './billing-presenters.ts';
export * from './dispute-presenters.ts';
export * from './objects.ts';
export * from './payment-presenters.ts';
export * from './presenters.ts';
export * from './transfer-presenters.ts';
