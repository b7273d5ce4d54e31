import { apiHandler } from '@wattle/http';
import { depositsDeps } from './deps.ts';
import { getDepositRoute, listDepositsRoute } from './read-deposits.ts';
import { routes } from './routes.ts';

export const handler = apiHandler('deposits', routes, depositsDeps, {
  'GET /1/deposits': listDepositsRoute,
  'GET /1/deposits/{deposit_token}': getDepositRoute,
});
