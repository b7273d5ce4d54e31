import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The webhooks function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'GET', path: '/1/webhooks', fn: 'webhooks', auth: 'secret' },
  {
    method: 'GET',
    path: '/1/webhooks/{webhook_token}',
    fn: 'webhooks',
    auth: 'secret',
    notFound: 'resource_not_found',
  },
  {
    method: 'PUT',
    path: '/1/webhooks/{webhook_token}/replay',
    fn: 'webhooks',
    auth: 'secret',
    notFound: 'resource_not_found',
  },
] as const satisfies readonly Route[];

/**
 * What the webhooks function may touch: the CDK stack grants it exactly this (infra/stack.ts). A
 * replay asks the delivery function for the attempt.
 */
export const access = {
  table: tableAccess.readWrite,
  cardKey: false,
  sendTo: ['webhooks'],
} satisfies FunctionAccess;
