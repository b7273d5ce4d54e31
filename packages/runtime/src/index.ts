export * from './clock.ts';
export * from './config.ts';
export * from './delivery-messages.ts';
export * from './delivery-queue.ts';
export * from './deps.ts';
export * from './ids.ts';
export * from './password-hasher.ts';
export * from './webhook-sender.ts';
