import { apiHandler } from '@wattle/http';
import { refundsDeps } from './deps.ts';
import { getRefundRoute, listChargeRefundsRoute, listRefundsRoute, refundCharge } from './routes.ts';

export const handler = apiHandler('refunds', refundsDeps, {
  'POST /1/charges/{charge_token}/refunds': refundCharge,
  'GET /1/charges/{charge_token}/refunds': listChargeRefundsRoute,
  'GET /1/refunds': listRefundsRoute,
  'GET /1/refunds/{refund_token}': getRefundRoute,
});
