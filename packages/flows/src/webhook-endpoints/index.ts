export * from './create-webhook-endpoint.ts';
export * from './delete-webhook-endpoint.ts';
export * from './read-webhook-endpoints.ts';
