import { apiHandler } from '@wattle/http';
import { createMerchantRoute } from './create-merchant.ts';
import { merchantsDeps } from './deps.ts';
import { defaultSettingsRoute, getMerchantRoute, listMerchantsRoute } from './read-merchants.ts';
import { routes } from './routes.ts';

export const handler = apiHandler('merchants', routes, merchantsDeps, {
  'POST /1/merchants': createMerchantRoute,
  'GET /1/merchants': listMerchantsRoute,
  'GET /1/merchants/default_settings': defaultSettingsRoute,
  'GET /1/merchants/{merchant_token}': getMerchantRoute,
});
