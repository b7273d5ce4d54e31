import { processorReferenceOf } from '@wattle/domain';
import { type Api, api, newMerchant, type OwnStack, startOwnStack } from './stack.ts';

/** Where the stack finds Adyen: the Checkout API's URL, its key, the merchant account and the HMAC key. */
export interface AdyenSettings {
  url: string;
  apiKey: string;
  merchantAccount: string;
  hmacKey: string;
}

/**
 * A stack of its own (in `dataDir`) whose live processor is Adyen as `adyen` says, with a new
 * merchant: its account, its live and test clients, and our reference of a token of its (processorReferenceOf),
 * as Adyen is told it.
 */
export const startLiveAdyenStack = async (
  dataDir: string,
  adyen: AdyenSettings,
): Promise<{
  own: OwnStack;
  live: Api;
  test: Api;
  ours: (token: string) => string;
  accountId: string;
}> => {
  const own = await startOwnStack({
    dataDir,
    env: {
      WATTLE_LIVE_PROCESSOR: 'adyen',
      ADYEN_CHECKOUT_URL: adyen.url,
      ADYEN_API_KEY: adyen.apiKey,
      ADYEN_MERCHANT_ACCOUNT: adyen.merchantAccount,
      ADYEN_HMAC_KEY: adyen.hmacKey,
    },
  });
  const merchant = await newMerchant(own);
  return {
    own,
    live: api(merchant.live.baseUrl, merchant.live.secretKey),
    test: api(merchant.test.baseUrl, merchant.test.secretKey),
    ours: (token) => processorReferenceOf(merchant.accountId, token),
    accountId: merchant.accountId,
  };
};
