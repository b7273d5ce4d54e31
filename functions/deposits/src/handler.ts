import { apiHandler } from '@wattle/http';
import { depositsDeps } from './deps.ts';
import { getDepositRoute, listDepositsRoute } from './routes.ts';

export const handler = apiHandler('deposits', depositsDeps, {
  'GET /1/deposits': listDepositsRoute,
  'GET /1/deposits/{deposit_token}': getDepositRoute,
});
