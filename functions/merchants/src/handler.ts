import { apiHandler } from '@wattle/http';
import { merchantsRoutes } from '@wattle/routes/table/merchants';
import { merchantsDeps } from './deps.ts';
import { createMerchantRoute, defaultSettingsRoute, getMerchantRoute, listMerchantsRoute } from './routes.ts';

export const handler = apiHandler('merchants', merchantsRoutes, merchantsDeps, {
  'POST /1/merchants': createMerchantRoute,
  'GET /1/merchants': listMerchantsRoute,
  'GET /1/merchants/default_settings': defaultSettingsRoute,
  'GET /1/merchants/{merchant_token}': getMerchantRoute,
});
