import { apiHandler } from '@wattle/http';
import { readBalanceRoute } from './read-balance.ts';

export const handler = apiHandler('balance', {
  'GET /1/balance': readBalanceRoute,
});
