import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header that carries a webhook's signature, as Pin sends it. */
export const pinSignatureHeader = 'Pin-Signature';

/**
 * The signature of `body` sent at `timestamp` (unix seconds, as text): the hex HMAC-SHA256 of
 * `<timestamp>.<body>` under the endpoint's key, as Pin signs. The service signs with it too.
 */
export const pinSignatureOf = (key: string, timestamp: string, body: string | Uint8Array): string =>
  createHmac('sha256', key).update(`${timestamp}.`).update(body).digest('hex');

export interface VerifyOptions {
  /** How far `t` may be from `now`, either way (default 300 s); guards against replayed requests. */
  toleranceSeconds?: number;
  /** The receiver's time (default: the system clock). */
  now?: Date;
}

/**
 * For receivers: whether a webhook request is genuine. `header` is the Pin-Signature header,
 * `body` the raw request body exactly as received (before any JSON parsing), `key` the endpoint's
 * key. True only when a `v1` signature matches and `t` is within the tolerance of `now`.
 *
 * ```ts
 * if (!verifyPinSignature(req.headers['pin-signature'], rawBody, endpointKey)) return res.status(400).end();
 * ```
 */
export const verifyPinSignature = (
  header: string | null | undefined,
  body: string | Uint8Array,
  key: string,
  options: VerifyOptions = {},
): boolean => {
  if (!header) return false;
  const parts = header.split(',').map((part) => {
    const at = part.indexOf('=');
    return at < 0 ? ['', ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  });
  const timestamps = parts.filter(([name]) => name === 't').map(([, value]) => value ?? '');
  const t = timestamps[0];
  if (timestamps.length !== 1 || !t || !/^\d{1,12}$/.test(t)) return false;
  const nowSeconds = (options.now ?? new Date()).getTime() / 1000;
  if (Math.abs(nowSeconds - Number(t)) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(pinSignatureOf(key, t, body), 'hex');
  return parts.some(([name, value]) => {
    if (name !== 'v1' || !value || !/^[0-9a-f]{64}$/i.test(value)) return false;
    return timingSafeEqual(Buffer.from(value, 'hex'), expected);
  });
};
