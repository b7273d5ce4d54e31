import { defaultMerchantSettings } from '@wattle/domain';
import { getMerchantDetail, listMerchants } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource } from '@wattle/http';
import { presentMerchantDetail, presentMerchantSummary } from '@wattle/wire';
import type { MerchantsDeps } from './deps.ts';
import { partnerOf } from './partner-of.ts';

/** GET /merchants: the caller's referrals only, full pagination. */
export const listMerchantsRoute: RouteHandler<MerchantsDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  return listOf('full', page, await listMerchants(deps, partnerOf(request), page), presentMerchantSummary);
};

/** GET /merchants/{token}: the detail, keys included; another partner's merchant is not found. */
export const getMerchantRoute: RouteHandler<MerchantsDeps, 'GET /1/merchants/{merchant_token}'> = async (
  request,
  deps,
) => {
  const { merchant, keys } = await getMerchantDetail(deps, partnerOf(request), request.params.merchant_token);
  return resource(200, presentMerchantDetail(merchant, keys));
};

/** GET /merchants/default_settings: what a new referred merchant starts with. */
export const defaultSettingsRoute: RouteHandler<MerchantsDeps> = async (request) => {
  partnerOf(request);
  return resource(200, defaultMerchantSettings);
};
