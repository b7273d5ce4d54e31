import { type Merchant, PinError } from '@wattle/domain';
import type { Cipher, MerchantsStore, Page } from '@wattle/ports';
import type { MerchantKeys } from '@wattle/wire';
import { merchantKeysContext } from './sealing.ts';

/** A partner's merchants only, newest first. */
export const listMerchants = (
  { merchants }: { merchants: MerchantsStore },
  partnerId: string,
  page: number,
): Promise<Page<Merchant>> => merchants.listForPartner(partnerId, page);

/**
 * The merchant with its keys opened, for its partner's eyes only: another partner's merchant is
 * not found.
 */
export const getMerchantDetail = async (
  { merchants, cipher }: { merchants: MerchantsStore; cipher: Cipher },
  partnerId: string,
  merchantToken: string,
): Promise<{ merchant: Merchant; keys: MerchantKeys }> => {
  const stored = await merchants.get(merchantToken);
  if (!stored || stored.merchant.partnerId !== partnerId) throw new PinError('not_found');
  const keys = JSON.parse(
    await cipher.open(stored.sealedKeys, merchantKeysContext(stored.merchant.token)),
  ) as MerchantKeys;
  return { merchant: stored.merchant, keys };
};
