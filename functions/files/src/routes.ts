import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The files function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'POST', path: '/1/files', fn: 'files', auth: 'secret', body: 'multipart' },
  { method: 'GET', path: '/1/files/{file_token}', fn: 'files', auth: 'secret' },
  { method: 'DELETE', path: '/1/files/{file_token}', fn: 'files', auth: 'secret' },
] as const satisfies readonly Route[];

/**
 * What the files function may touch: the CDK stack grants it exactly this (infra/stack.ts). The
 * files' metadata is in the table, their bytes in the bucket.
 */
export const access = {
  table: tableAccess.readWrite,
  cardKey: false,
  filesBucket: true,
} satisfies FunctionAccess;
