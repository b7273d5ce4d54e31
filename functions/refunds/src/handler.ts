import { apiHandler } from '@wattle/http';
import { refundCharge } from './create-refund.ts';
import { refundsDeps } from './deps.ts';
import { getRefundRoute, listChargeRefundsRoute, listRefundsRoute } from './read-refunds.ts';
import { routes } from './routes.ts';

export const handler = apiHandler('refunds', routes, refundsDeps, {
  'POST /1/charges/{charge_token}/refunds': refundCharge,
  'GET /1/charges/{charge_token}/refunds': listChargeRefundsRoute,
  'GET /1/refunds': listRefundsRoute,
  'GET /1/refunds/{refund_token}': getRefundRoute,
});
