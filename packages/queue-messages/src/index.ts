/**
 * What arrives on the event-source functions' queues and streams, decoded: each format belongs to
 * the adapter that writes it (the webhooks queue's to @wattle/webhooks, the table stream's to the
 * store), and this is where a function takes the decoder from, as it takes no adapter itself.
 */
export * from './delivery-messages.ts';
export * from './expiry-records.ts';
