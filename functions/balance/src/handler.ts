import { apiHandler } from '@wattle/http';
import { balanceDeps } from './deps.ts';
import { readBalanceRoute } from './read-balance.ts';

export const handler = apiHandler('balance', balanceDeps, {
  'GET /1/balance': readBalanceRoute,
});
