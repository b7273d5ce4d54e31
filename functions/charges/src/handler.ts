import { apiHandler } from '@wattle/http';
import { captureChargeRoute, voidCharge } from './charge-transitions.ts';
import { createCharge } from './create-charge.ts';
import { chargesDeps } from './deps.ts';
import { getCharge, listCharges, searchCharges } from './read-charges.ts';
import { routes } from './routes.ts';
import { issuerAnswer, issuerPage, verifyCharge } from './three-d-secure.ts';

export const handler = apiHandler('charges', routes, chargesDeps, {
  'POST /1/charges': createCharge,
  'GET /1/charges': listCharges,
  'GET /1/charges/search': searchCharges,
  'GET /1/charges/verify': verifyCharge,
  'GET /1/charges/{charge_token}': getCharge,
  'PUT /1/charges/{charge_token}/void': voidCharge,
  'PUT /1/charges/{charge_token}/capture': captureChargeRoute,
  'GET /1/three_d_secure/{session_token}': issuerPage,
  'POST /1/three_d_secure/{session_token}': issuerAnswer,
});
