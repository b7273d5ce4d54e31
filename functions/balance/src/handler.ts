import { apiHandler } from '@wattle/http';
import { balanceDeps } from './deps.ts';
import { readBalanceRoute } from './read-balance.ts';
import { routes } from './routes.ts';

export const handler = apiHandler('balance', routes, balanceDeps, {
  'GET /1/balance': readBalanceRoute,
});
