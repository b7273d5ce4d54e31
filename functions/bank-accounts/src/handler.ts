import { apiHandler } from '@wattle/http';
import { createBankAccountRoute } from './create-bank-account.ts';

export const handler = apiHandler('bank-accounts', {
  'POST /1/bank_accounts': createBankAccountRoute,
  'POST /1/bank_accounts.json': createBankAccountRoute,
  'GET /1/bank_accounts.json': createBankAccountRoute,
  'GET /1/bank_accounts': createBankAccountRoute,
});
