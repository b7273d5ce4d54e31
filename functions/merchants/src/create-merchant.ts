import { referMerchant } from '@wattle/flows';
import { type RouteHandler, resource } from '@wattle/http';
import { applicationOf, merchantSchema, presentMerchantSummary, validate } from '@wattle/wire';
import type { MerchantsDeps } from './deps.ts';
import { partnerOf } from './partner-of.ts';

/** POST /merchants: a referred merchant, pending approval; 201 with the summary. */
export const createMerchantRoute: RouteHandler<MerchantsDeps> = async (request, deps) => {
  const partnerId = partnerOf(request);
  const input = validate(merchantSchema, request.body);
  const merchant = await referMerchant(deps, partnerId, applicationOf(input), input.contact.password);
  return resource(201, presentMerchantSummary(merchant));
};
