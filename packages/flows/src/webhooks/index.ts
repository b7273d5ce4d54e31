export * from './deliver-webhook.ts';
export * from './delivery-lease.ts';
export * from './fan-out-event.ts';
export * from './fan-out-overdue-events.ts';
export * from './read-webhooks.ts';
export * from './replay-webhook.ts';
export * from './webhook-jobs.ts';
