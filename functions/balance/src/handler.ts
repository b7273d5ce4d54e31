import { apiHandler } from '@wattle/http';
import { balanceRoutes } from '@wattle/routes/table/balance';
import { balanceDeps } from './deps.ts';
import { readBalanceRoute } from './read-balance.ts';

export const handler = apiHandler('balance', balanceRoutes, balanceDeps, {
  'GET /1/balance': readBalanceRoute,
});
