export * from './apply-processor-notification.ts';
export * from './apply-processor-settlement.ts';
