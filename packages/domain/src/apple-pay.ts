import { toTimestamp } from './clock.ts';

/** A domain a merchant registered for Apple Pay on the web (docs/api/cookbook/apple-pay.md). */
export interface ApplePayDomain {
  token: string;
  /** Lower-case, as registered. */
  domainName: string;
  /** Simulated: Apple's check of the domain association file always passes. */
  registered: boolean;
  createdAt: string;
}

const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A fully qualified host name Apple Pay can verify: two labels or more, each of letters, digits
 * and inner hyphens, a top-level label that is not all digits (no IP address), 253 characters at most.
 */
export const isDomainName = (name: string): boolean => {
  if (name.length > 253) return false;
  const labels = name.split('.');
  return labels.length >= 2 && labels.every((part) => label.test(part)) && !/^\d+$/.test(labels.at(-1)!);
};

/** The domain name as kept and compared: trimmed, lower-case, without a final dot. */
export const normalDomainName = (name: string): string => name.trim().toLowerCase().replace(/\.$/, '');

/**
 * Apple's payment session endpoints, as Apple lists them for merchant validation: the global and
 * China gateways, their regional pods and the sandbox (`-cert`) hosts, all under apple.com.
 */
const appleGatewayHost = /^(?:cn-)?apple-pay-gateway(?:-[a-z0-9]+)*\.apple\.com$/;

/**
 * An https URL on port 443 without credentials, parsed, or null. Only text that every URL parser
 * reads the same way is taken: no backslash (WHATWG's parser reads `\` as `/`, others as part of
 * the user info, so `https://apple-pay-gateway.apple.com\@127.0.0.1/` names Apple's host to one
 * and the loopback to another), and no space or control character (which WHATWG's parser drops).
 * The checks are made on the URL as re-serialised (`href`), which is what is used afterwards.
 */
export const plainHttpsUrl = (text: string): URL | null => {
  if (!/^[\x21-\x7e]+$/.test(text) || text.includes('\\')) return null;
  const url = URL.parse(text);
  if (!url || url.protocol !== 'https:' || url.username !== '' || url.password !== '') return null;
  return url.port === '' || url.port === '443' ? url : null;
};

/** An https URL on one of Apple's payment gateway hosts (the `validationURL` Apple Pay JS gives). */
export const isAppleValidationUrl = (text: string): boolean => {
  const url = plainHttpsUrl(text);
  return url !== null && appleGatewayHost.test(url.hostname);
};

/**
 * The host of a Messages for Business session's `initiative_context` (the merchant's payment URL):
 * a plain https URL on a domain name (no IP address, no single-label host such as `localhost`),
 * which must then be one of the merchant's registered domains, as a web session's is; or null.
 */
export const messagingHostOf = (text: string): string | null => {
  const hostname = plainHttpsUrl(text)?.hostname;
  return hostname && isDomainName(hostname) ? hostname : null;
};

/** The initiatives Apple's session request takes: a web page, or Messages for Business. */
export const applePayInitiatives = ['web', 'messaging'] as const;
export type ApplePayInitiative = (typeof applePayInitiatives)[number];

/** Apple's merchant sessions expire five minutes after they are made. */
export const merchantSessionLifetimeMs = 5 * 60_000;

/** The simulated merchant session: the shape of Apple's, opaque values made up by Wattle. */
export interface MerchantSession {
  epochTimestamp: number;
  expiresAt: number;
  merchantSessionIdentifier: string;
  nonce: string;
  merchantIdentifier: string;
  domainName: string;
  displayName: string;
  signature: string;
  operationalAnalyticsIdentifier: string;
  retries: number;
  pspId: string;
}

export const newApplePayDomain = (token: string, domainName: string, now: Date): ApplePayDomain => ({
  token,
  domainName,
  registered: true,
  createdAt: toTimestamp(now),
});
