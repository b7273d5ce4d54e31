/** Token prefixes of every resource (Pin's API reference's prefixes). */
export const tokenPrefixes = {
  authorisation: 'auth',
  charge: 'ch',
  card: 'card',
  paymentSource: 'ps',
  customer: 'cus',
  plan: 'plan',
  subscription: 'sub',
  merchant: 'mrch',
  bankAccount: 'ba',
  transfer: 'tfer',
  deposit: 'dpo',
  refund: 'rf',
  dispute: 'dis',
  recipient: 'rp',
  session: 'se',
  webhookEndpoint: 'whe',
  webhook: 'whr',
  event: 'evt',
  file: 'file',
  applePayDomain: 'apmd',
  account: 'acct',
  request: 'req',
} as const;

export type TokenPrefix = (typeof tokenPrefixes)[keyof typeof tokenPrefixes];

/** Makes resource tokens: `<prefix>_` followed by 22 URL-safe characters, as Pin's are. */
export interface Ids {
  /** A new, random token. */
  token(prefix: TokenPrefix): string;
  /**
   * The token derived from `seed` (an Idempotency-Key, a bill attempt): the same seed always names
   * the same resource, so a second attempt finds the first one's instead of making another.
   */
  derived(prefix: TokenPrefix, seed: string): string;
}

const tokenBody = /^[A-Za-z0-9_-]{22}$/;

/** True when `value` looks like a token of the given prefix; anything else cannot exist. */
export const isToken = (value: string, prefix: TokenPrefix): boolean =>
  value.startsWith(`${prefix}_`) && tokenBody.test(value.slice(prefix.length + 1));
