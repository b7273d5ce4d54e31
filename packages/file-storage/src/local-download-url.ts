import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Environment, environments, isToken, type Scope } from '@wattle/domain';

/**
 * The local stack's stand-in for an S3 presigned URL:
 * `<base>/<account>/<environment>/<file token>?expires=<epoch seconds>&filename=…&signature=…`,
 * the signature an HMAC-SHA256 with the stack's key over the path, the expiry and the filename.
 */
const signatureOf = (key: Buffer, path: string, expires: number, filename: string): string =>
  createHmac('sha256', key).update(`${path}\n${expires}\n${filename}`).digest('hex');

const pathOf = (scope: Scope, fileToken: string): string =>
  `${encodeURIComponent(scope.accountId)}/${scope.environment}/${fileToken}`;

export const signLocalDownload = (
  key: Buffer,
  base: string,
  scope: Scope,
  fileToken: string,
  filename: string,
  expiresAt: Date,
): string => {
  const path = pathOf(scope, fileToken);
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({
    expires: String(expires),
    filename,
    signature: signatureOf(key, path, expires, filename),
  });
  return `${base}/${path}?${query}`;
};

export type LocalDownload =
  | { ok: true; scope: Scope; fileToken: string; filename: string }
  | { ok: false; why: 'malformed' | 'expired' | 'signature' };

/** Checks a download URL's path (below the base) and query at `now`: its signature first, then its expiry. */
export const checkLocalDownload = (key: Buffer, path: string, rawQuery: string, now: Date): LocalDownload => {
  const [account, environment, fileToken, ...rest] = path.split('/');
  const query = new URLSearchParams(rawQuery);
  const expires = Number(query.get('expires'));
  const filename = query.get('filename') ?? '';
  const signature = query.get('signature') ?? '';
  if (
    !account ||
    !fileToken ||
    rest.length > 0 ||
    !environments.includes(environment as Environment) ||
    !isToken(fileToken, 'file') ||
    !Number.isSafeInteger(expires)
  )
    return { ok: false, why: 'malformed' };
  const expected = Buffer.from(signatureOf(key, path, expires, filename), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, why: 'signature' };
  if (now.getTime() >= expires * 1000) return { ok: false, why: 'expired' };
  const scope: Scope = { accountId: decodeURIComponent(account), environment: environment as Environment };
  return { ok: true, scope, fileToken, filename };
};
