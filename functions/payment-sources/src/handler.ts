import { apiHandler } from '@wattle/http';
import { createPaymentSourceRoute } from './create-payment-source.ts';
import { paymentSourcesDeps } from './deps.ts';
import { getPaymentSourceRoute } from './get-payment-source.ts';
import { routes } from './routes.ts';

export const handler = apiHandler('payment-sources', routes, paymentSourcesDeps, {
  'POST /1/payment_sources': createPaymentSourceRoute,
  'POST /1/payment_sources.json': createPaymentSourceRoute,
  'GET /1/payment_sources.json': createPaymentSourceRoute,
  'GET /1/payment_sources': createPaymentSourceRoute,
  'GET /1/payment_sources/{payment_source_token}': getPaymentSourceRoute,
});
