import { apiHandler } from '@wattle/http';
import { bankAccountsRoutes } from '@wattle/routes/table/bank-accounts';
import { createBankAccountRoute } from './create-bank-account.ts';
import { bankAccountsDeps } from './deps.ts';

export const handler = apiHandler('bank-accounts', bankAccountsRoutes, bankAccountsDeps, {
  'POST /1/bank_accounts': createBankAccountRoute,
  'POST /1/bank_accounts.json': createBankAccountRoute,
  'GET /1/bank_accounts.json': createBankAccountRoute,
  'GET /1/bank_accounts': createBankAccountRoute,
});
