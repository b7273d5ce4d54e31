import { apiHandler } from '@wattle/http';
import { getRefund, listChargeRefunds, listRefunds, refundCharge } from './routes.ts';

export const handler = apiHandler('refunds', {
  'POST /1/charges/{charge_token}/refunds': refundCharge,
  'GET /1/charges/{charge_token}/refunds': listChargeRefunds,
  'GET /1/refunds': listRefunds,
  'GET /1/refunds/{refund_token}': getRefund,
});
