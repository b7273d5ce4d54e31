export * from './cancel-subscription.ts';
export * from './card-of.ts';
export * from './change-card.ts';
export * from './commit-change.ts';
export * from './reactivate-subscription.ts';
export * from './read-subscriptions.ts';
export * from './self-service.ts';
export * from './subscribe.ts';
