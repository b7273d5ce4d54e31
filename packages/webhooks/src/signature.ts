import { pinSignatureOf } from '@wattle/verify-webhook';

/**
 * The Pin-Signature value for `body` sent at `at`: `t=<unix seconds>,v1=<hex>`. The signature
 * itself is the verify package's (what merchants check with), so the two cannot drift apart.
 */
export const signPinSignature = (body: string, key: string, at: Date): string => {
  const t = String(Math.floor(at.getTime() / 1000));
  return `t=${t},v1=${pinSignatureOf(key, t, body)}`;
};
