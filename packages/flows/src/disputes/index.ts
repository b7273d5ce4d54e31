export * from './issuer-steps.ts';
export * from './merchant-steps.ts';
export * from './open-dispute.ts';
export * from './read-disputes.ts';
