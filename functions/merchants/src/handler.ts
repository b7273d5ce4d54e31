import { apiHandler } from '@wattle/http';
import { createMerchant, defaultSettings, getMerchant, listMerchants } from './routes.ts';

export const handler = apiHandler('merchants', {
  'POST /1/merchants': createMerchant,
  'GET /1/merchants': listMerchants,
  'GET /1/merchants/default_settings': defaultSettings,
  'GET /1/merchants/{merchant_token}': getMerchant,
});
