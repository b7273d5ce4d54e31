import { processorReferenceOf } from '@wattle/domain';
import { type Api, api, newMerchant, type OwnStack, startOwnStack } from './stack.ts';

/** Where the stack finds PayPal: the REST API's URL, the app's credentials and its webhook's id. */
export interface PayPalSettings {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

/**
 * A stack of its own (in `dataDir`) whose live processor is the account `paypal` as `paypal` says
 * (WATTLE_LIVE_PROCESSOR=paypal and the four PAYPAL_* settings), with a new merchant: its live
 * client, and our reference of a token of its (processorReferenceOf), as PayPal is told it.
 */
export const startLivePayPalStack = async (
  dataDir: string,
  paypal: PayPalSettings,
): Promise<{ own: OwnStack; live: Api; ours: (token: string) => string }> => {
  const own = await startOwnStack({
    dataDir,
    env: {
      WATTLE_LIVE_PROCESSOR: 'paypal',
      PAYPAL_API_URL: paypal.url,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
    },
  });
  const merchant = await newMerchant(own);
  return {
    own,
    live: api(merchant.live.baseUrl, merchant.live.secretKey),
    ours: (token) => processorReferenceOf(merchant.accountId, token),
  };
};
