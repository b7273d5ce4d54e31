import { type AdyenConfig, adyenTestCheckoutUrl, loopbackHost } from '@wattle/adyen/config';
import { adyenSecretVariable, liveProcessorNames, liveProcessorVariable } from '@wattle/routes';

/**
 * The Adyen settings, by the names the local stack reads from its environment and the AWS
 * deployment keeps, as the keys of one JSON object, in its Secrets Manager secret.
 */
export const adyenSettingNames = {
  checkoutUrl: 'ADYEN_CHECKOUT_URL',
  apiKey: 'ADYEN_API_KEY',
  merchantAccount: 'ADYEN_MERCHANT_ACCOUNT',
  hmacKey: 'ADYEN_HMAC_KEY',
} as const;

/**
 * What the live environment's processor is: the simulator, or Adyen with its settings given
 * (locally, from the environment) or kept in a Secrets Manager secret (AWS: read once per cold
 * start, when the processor is first used).
 */
export type ProcessorConfig =
  | { live: 'simulator' }
  | {
      live: 'adyen';
      adyen: { from: 'settings'; settings: AdyenConfig } | { from: 'secret'; secretId: string };
    };

const required = ['apiKey', 'merchantAccount', 'hmacKey'] as const;

/**
 * The Adyen settings of `values` (the environment, or the secret's JSON object), checked: every
 * missing one is named at once, and a malformed one says what it must be. `where` names the
 * source in the messages.
 */
export const adyenSettingsOf = (values: Record<string, unknown>, where: string): AdyenConfig => {
  const text = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const missing = required.map((setting) => adyenSettingNames[setting]).filter((name) => !text(name));
  if (missing.length > 0)
    throw new Error(`The live processor is Adyen, and ${where} lacks ${missing.join(', ')}`);
  const checkoutUrl = (text(adyenSettingNames.checkoutUrl) ?? adyenTestCheckoutUrl).replace(/\/+$/, '');
  let url: URL | undefined;
  try {
    url = new URL(checkoutUrl);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash)
    throw new Error(
      `${adyenSettingNames.checkoutUrl} in ${where} must be the Checkout API's http(s) base URL with its version path (${adyenTestCheckoutUrl})`,
    );
  if (url.protocol === 'http:' && !loopbackHost(url.hostname))
    throw new Error(
      `${adyenSettingNames.checkoutUrl} in ${where} must be https: plain http carries the API key and the card in clear, so it is taken only for a mock on this machine (localhost, 127.0.0.1, [::1])`,
    );
  const hmacKey = text(adyenSettingNames.hmacKey) as string;
  if (!/^(?:[0-9a-f]{2})+$/i.test(hmacKey))
    throw new Error(
      `${adyenSettingNames.hmacKey} in ${where} must be the hex HMAC key of the webhook in Adyen's Customer Area`,
    );
  return {
    checkoutUrl,
    apiKey: text(adyenSettingNames.apiKey) as string,
    merchantAccount: text(adyenSettingNames.merchantAccount) as string,
    hmacKey,
  };
};

/**
 * The live environment's processor from the environment, checked (the local stack calls it at
 * start, so a wrong setting stops it with the message; a function calls it when it composes):
 * WATTLE_LIVE_PROCESSOR unset or `simulator` keeps the simulator; `adyen` takes the secret named
 * by WATTLE_ADYEN_SECRET_ARN (AWS), else ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT, ADYEN_HMAC_KEY and
 * ADYEN_CHECKOUT_URL (default Adyen's test endpoint) from the environment.
 */
export const loadProcessorConfig = (env: NodeJS.ProcessEnv = process.env): ProcessorConfig => {
  const chosen = env[liveProcessorVariable]?.trim() || 'simulator';
  if (!(liveProcessorNames as readonly string[]).includes(chosen))
    throw new Error(
      `${liveProcessorVariable} must be one of ${liveProcessorNames.join(', ')}, not "${chosen}"`,
    );
  if (chosen === 'simulator') return { live: 'simulator' };
  const secretId = env[adyenSecretVariable];
  if (secretId) return { live: 'adyen', adyen: { from: 'secret', secretId } };
  return { live: 'adyen', adyen: { from: 'settings', settings: adyenSettingsOf(env, 'the environment') } };
};
