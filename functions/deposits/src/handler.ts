import { apiHandler } from '@wattle/http';
import { getDepositRoute, listDepositsRoute } from './routes.ts';

export const handler = apiHandler('deposits', {
  'GET /1/deposits': listDepositsRoute,
  'GET /1/deposits/{deposit_token}': getDepositRoute,
});
