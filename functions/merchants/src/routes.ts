import {
  defaultMerchantSettings,
  PinError,
  presentMerchantDetail,
  presentMerchantSummary,
} from '@wattle/domain';
import { listOf, pageOf, type RouteHandler, resource, validate } from '@wattle/http';
import { openMerchantKeys, referMerchant } from '@wattle/runtime';
import { applicationOf, merchantSchema } from './schemas.ts';

const partnerOf = (request: Parameters<RouteHandler>[0]): string => {
  if (request.grant?.kind !== 'partner') throw new PinError('unauthorized');
  return request.grant.accountId;
};

/** POST /merchants: a referred merchant, pending approval; 201 with the summary. */
export const createMerchant: RouteHandler = async (request, deps) => {
  const partnerId = partnerOf(request);
  const input = validate(merchantSchema, request.body);
  const merchant = await referMerchant(deps, partnerId, applicationOf(input), input.contact.password);
  return resource(201, presentMerchantSummary(merchant));
};

/** GET /merchants: the caller's referrals only, full pagination. */
export const listMerchants: RouteHandler = async (request, { store }) => {
  const page = pageOf(request.query);
  return listOf(
    'full',
    page,
    await store.merchants.listForPartner(partnerOf(request), page),
    presentMerchantSummary,
  );
};

/** GET /merchants/{token}: the detail, keys included; another partner's merchant is not found. */
export const getMerchant: RouteHandler = async (request, { store }) => {
  const stored = await store.merchants.get(request.params.merchant_token!);
  if (!stored || stored.merchant.partnerId !== partnerOf(request)) throw new PinError('not_found');
  return resource(200, presentMerchantDetail(stored.merchant, await openMerchantKeys(store, stored)));
};

/** GET /merchants/default_settings: what a new referred merchant starts with. */
export const defaultSettings: RouteHandler = async (request) => {
  partnerOf(request);
  return resource(200, defaultMerchantSettings);
};
