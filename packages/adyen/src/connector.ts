import type { Connector } from '@wattle/ports';
import * as v from 'valibot';
import {
  type AdyenConfig,
  adyenProcessorName,
  adyenSupportsThreeDSecure,
  adyenTestCheckoutUrl,
  loopbackHost,
} from './config.ts';

/**
 * Adyen as a connector (the one thing of this package the registry reads): its settings, the four
 * names an Adyen account has always had (the local stack's environment, an account's JSON, or its
 * Secrets Manager secret), and its processor, loaded apart on first use (decision 183). Nothing
 * here loads Adyen's library.
 */

const text = (name: string) =>
  v.pipe(v.optional(v.string(`${name} must be text`), ''), v.trim(), v.nonEmpty(`${name} is missing`));

/** The URL `value` is, if it is one. */
const urlOf = (value: string): URL | undefined => (URL.canParse(value) ? new URL(value) : undefined);

const checkoutUrl = v.pipe(
  v.optional(v.string(), adyenTestCheckoutUrl),
  v.trim(),
  v.transform((value) => (value === '' ? adyenTestCheckoutUrl : value).replace(/\/+$/, '')),
  v.check((value) => {
    const url = urlOf(value);
    return !!url && (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash;
  }, `ADYEN_CHECKOUT_URL must be the Checkout API's http(s) base URL with its version path (${adyenTestCheckoutUrl})`),
  v.check((value) => {
    const url = urlOf(value);
    return url?.protocol !== 'http:' || loopbackHost(url.hostname);
  }, 'ADYEN_CHECKOUT_URL must be https: plain http carries the API key and the card in clear, so it is taken only for a mock on this machine (localhost, 127.0.0.1, [::1])'),
);

/** An Adyen account's settings, by the names the environment, its JSON and its secret give them. */
export const adyenSettings = v.pipe(
  v.object({
    ADYEN_CHECKOUT_URL: checkoutUrl,
    ADYEN_API_KEY: text('ADYEN_API_KEY'),
    ADYEN_MERCHANT_ACCOUNT: text('ADYEN_MERCHANT_ACCOUNT'),
    ADYEN_HMAC_KEY: v.pipe(
      text('ADYEN_HMAC_KEY'),
      v.regex(
        /^(?:[0-9a-f]{2})+$/i,
        "ADYEN_HMAC_KEY must be the hex HMAC key of the webhook in Adyen's Customer Area",
      ),
    ),
  }),
  v.transform(
    (settings): AdyenConfig => ({
      checkoutUrl: settings.ADYEN_CHECKOUT_URL,
      apiKey: settings.ADYEN_API_KEY,
      merchantAccount: settings.ADYEN_MERCHANT_ACCOUNT,
      hmacKey: settings.ADYEN_HMAC_KEY,
    }),
  ),
);

const processorModule = '@wattle/adyen/processor';

export const adyenConnector: Connector<AdyenConfig> = {
  name: adyenProcessorName,
  settings: adyenSettings,
  processor: async (settings) => {
    // A specifier of its own, so that a bundler leaves it out (the function's asset ships it).
    const { adyenProcessor } = (await import(
      '@wattle/adyen/processor'
    )) as typeof import('./adyen-processor.ts');
    return adyenProcessor(settings);
  },
  supportsThreeDSecure: adyenSupportsThreeDSecure,
  describe: (settings) => `Adyen, merchant account ${settings.merchantAccount} at ${settings.checkoutUrl}`,
  loadedApart: { module: processorModule, packageDir: 'packages/adyen' },
};
