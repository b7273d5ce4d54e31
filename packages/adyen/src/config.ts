/** Adyen's Checkout API for test accounts, version path included (ADYEN_CHECKOUT_URL's default). */
export const adyenTestCheckoutUrl = 'https://checkout-test.adyen.com/v71';

/** This machine's own host names: where a mock of Adyen (Prism, a fake) runs, the only ones plain http may name. */
export const loopbackHost = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);

/**
 * Whether the Checkout URL is on Adyen's live platform, whose notifications say `live: "true"`:
 * every host but Adyen's test endpoint and a mock on this machine, which speak for the test
 * platform (`live: "false"`). Wattle's live environment may be connected to either.
 */
export const adyenLivePlatform = (checkoutUrl: string): boolean => {
  const { hostname } = new URL(checkoutUrl);
  return hostname !== new URL(adyenTestCheckoutUrl).hostname && !loopbackHost(hostname);
};

/** What the Adyen connector needs; the composition reads it from the environment or secrets. */
export interface AdyenConfig {
  /**
   * The Checkout API's base URL with its version path (`https://checkout-test.adyen.com/v71`, a
   * live account's `https://{prefix}-checkout-live.adyenpayments.com/checkout/v71`, or a mock).
   */
  checkoutUrl: string;
  apiKey: string;
  merchantAccount: string;
  /** The hex HMAC key of the notification (webhook) set up in Adyen's Customer Area. */
  hmacKey: string;
  /** Longest wait for one answer before its outcome is unknown (the call's deadline may be sooner). */
  requestTimeoutMs?: number;
}

/** Adyen's own advice is to wait long for a payment's answer rather than leave it unknown. */
export const defaultRequestTimeoutMs = 30_000;

/** The connector's name, as `PaymentProcessor.name`. */
export const adyenProcessorName = 'adyen';

/** Adyen runs 3-D Secure for every scheme it takes cards of, Amex included. */
export const adyenSupportsThreeDSecure = (): boolean => true;
