import type { Route } from '../route.ts';

/** The files function's routes (its bundle holds these, not the whole table). */
export const filesRoutes = [
  { method: 'POST', path: '/1/files', fn: 'files', auth: 'secret', body: 'multipart' },
  { method: 'GET', path: '/1/files/{file_token}', fn: 'files', auth: 'secret' },
  { method: 'DELETE', path: '/1/files/{file_token}', fn: 'files', auth: 'secret' },
] as const satisfies readonly Route[];
