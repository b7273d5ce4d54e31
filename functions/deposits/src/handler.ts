import { apiHandler } from '@wattle/http';
import { depositsRoutes } from '@wattle/routes/table/deposits';
import { depositsDeps } from './deps.ts';
import { getDepositRoute, listDepositsRoute } from './read-deposits.ts';

export const handler = apiHandler('deposits', depositsRoutes, depositsDeps, {
  'GET /1/deposits': listDepositsRoute,
  'GET /1/deposits/{deposit_token}': getDepositRoute,
});
