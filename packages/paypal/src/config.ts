import type { ProcessorAmount } from '@wattle/domain';

/** PayPal's REST API for sandbox accounts (PAYPAL_API_URL's default). */
export const paypalSandboxUrl = 'https://api-m.sandbox.paypal.com';

/** This machine's own host names: where a mock of PayPal (Prism, a fake) runs, the only ones plain http may name. */
export const loopbackHost = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);

/** PayPal's live REST API hosts; every other host (the sandbox, a mock) is not live. */
const liveHosts = new Set(['api-m.paypal.com', 'api.paypal.com']);

/** Whether the API URL is PayPal's live platform (its notifications are then live ones). */
export const paypalLivePlatform = (apiUrl: string): boolean => liveHosts.has(new URL(apiUrl).hostname);

/** What the PayPal connector needs; the composition reads it from the environment or secrets. */
export interface PayPalConfig {
  /** The REST API's base URL, no path (`https://api-m.sandbox.paypal.com`, `https://api-m.paypal.com`, or a mock). */
  apiUrl: string;
  /** The REST app's client id and secret (OAuth 2.0 client credentials). */
  clientId: string;
  clientSecret: string;
  /** The id of the webhook set up for the app, which PayPal's signature check names. */
  webhookId: string;
  /** Longest wait for one answer before its outcome is unknown (the call's deadline may be sooner). */
  requestTimeoutMs?: number;
}

/** As Adyen's: wait long for a payment's answer rather than leave it unknown. */
export const defaultRequestTimeoutMs = 30_000;

/** The connector's name, as `PaymentProcessor.name`. */
export const paypalProcessorName = 'paypal';

/** PayPal runs 3-D Secure on card orders for every scheme it takes (Visa, Mastercard, Amex, ...). */
export const paypalSupportsThreeDSecure = (): boolean => true;

/**
 * The currencies PayPal counts in whole units (its Currency Codes reference): their amounts have no
 * decimals. Every other currency Wattle takes has two, as Wattle's minor units do.
 */
const wholeUnitCurrencies = new Set(['HUF', 'JPY', 'TWD']);

const decimalsOf = (currency: string): number => (wholeUnitCurrencies.has(currency.toUpperCase()) ? 0 : 2);

/** PayPal's Money: the amount as a string in the currency's decimals (`"10.50"`, `"1050"` for JPY). */
export const paypalMoney = ({ amount, currency }: ProcessorAmount) => {
  const decimals = decimalsOf(currency);
  const value =
    decimals === 0
      ? String(amount)
      : `${Math.trunc(amount / 100)}.${String(Math.abs(amount) % 100).padStart(2, '0')}`;
  return { currency_code: currency.toUpperCase(), value };
};

/** PayPal's Money in Wattle's minor units, or null when it is not a plain amount in the currency's decimals. */
export const minorUnitsOf = (money: { currency_code?: unknown; value?: unknown } | undefined) => {
  if (typeof money?.currency_code !== 'string' || typeof money.value !== 'string') return null;
  const decimals = decimalsOf(money.currency_code);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(money.value);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(decimals, '0');
  if (fraction.length > decimals) return null;
  return { amount: Number(`${match[1]}${fraction}`), currency: money.currency_code.toUpperCase() };
};
