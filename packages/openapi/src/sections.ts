import type { FunctionName } from '@wattle/routes';

/**
 * The document's sections (one tag per function) in reading order: the paths and tags follow it,
 * a function's routes in the order of its routes.ts. The registry lists functions by name; the
 * document builder refuses a function with API routes that has no place here.
 */
export const sections: readonly FunctionName[] = [
  'cards',
  'payment-sources',
  'bank-accounts',
  'merchants',
  'balance',
  'recipients',
  'transfers',
  'deposits',
  'customers',
  'webhook-endpoints',
  'webhooks',
  'events',
  'charges',
  'authorisations',
  'refunds',
  'disputes',
  'plans',
  'subscriptions',
  'files',
  'apple-pay',
];
