import { apiHandler } from '@wattle/http';
import { createBankAccountRoute } from './create-bank-account.ts';
import { bankAccountsDeps } from './deps.ts';
import { routes } from './routes.ts';

export const handler = apiHandler('bank-accounts', routes, bankAccountsDeps, {
  'POST /1/bank_accounts': createBankAccountRoute,
  'POST /1/bank_accounts.json': createBankAccountRoute,
  'GET /1/bank_accounts.json': createBankAccountRoute,
  'GET /1/bank_accounts': createBankAccountRoute,
});
