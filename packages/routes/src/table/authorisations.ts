import type { Route } from '../route.ts';

/** The authorisations function's routes (its bundle holds these, not the whole table). */
export const authorisationsRoutes = [
  { method: 'POST', path: '/1/authorisations', fn: 'authorisations', auth: 'secret' },
  { method: 'GET', path: '/1/authorisations', fn: 'authorisations', auth: 'secret' },
  { method: 'GET', path: '/1/authorisations/{auth_token}', fn: 'authorisations', auth: 'secret' },
  { method: 'PUT', path: '/1/authorisations/{auth_token}/void', fn: 'authorisations', auth: 'secret' },
  { method: 'POST', path: '/1/authorisations/{auth_token}/charges', fn: 'authorisations', auth: 'secret' },
] as const satisfies readonly Route[];
