import type { Route } from '../route.ts';

/** The disputes function's routes (its bundle holds these, not the whole table). */
export const disputesRoutes = [
  { method: 'GET', path: '/1/disputes', fn: 'disputes', auth: 'secret' },
  // docs/api/behaviour.md: HEAD answers the count alone, in X-Total-Count.
  { method: 'HEAD', path: '/1/disputes', fn: 'disputes', auth: 'secret' },
  { method: 'GET', path: '/1/disputes/search', fn: 'disputes', auth: 'secret' },
  { method: 'GET', path: '/1/disputes/{dispute_token}', fn: 'disputes', auth: 'secret' },
  { method: 'GET', path: '/1/disputes/{dispute_token}/activity', fn: 'disputes', auth: 'secret' },
  { method: 'GET', path: '/1/disputes/{dispute_token}/evidence', fn: 'disputes', auth: 'secret' },
  { method: 'PUT', path: '/1/disputes/{dispute_token}/evidence', fn: 'disputes', auth: 'secret' },
  { method: 'POST', path: '/1/disputes/{dispute_token}/evidence', fn: 'disputes', auth: 'secret' },
  { method: 'POST', path: '/1/disputes/{dispute_token}/accept', fn: 'disputes', auth: 'secret' },
] as const satisfies readonly Route[];
