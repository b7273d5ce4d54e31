import { apiHandler } from '@wattle/http';
import { createBankAccount } from './create-bank-account.ts';

export const handler = apiHandler('bank-accounts', {
  'POST /1/bank_accounts': createBankAccount,
  'POST /1/bank_accounts.json': createBankAccount,
  'GET /1/bank_accounts.json': createBankAccount,
  'GET /1/bank_accounts': createBankAccount,
});
