export * from './address-guard.ts';
export * from './delivery-queue.ts';
export * from './http-webhook-sender.ts';
export * from './send-webhook.ts';
export * from './signature.ts';
