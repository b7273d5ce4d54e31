export * from './apply-processor-notification.ts';
