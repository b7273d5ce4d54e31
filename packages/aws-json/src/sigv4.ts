import { createHash, createHmac } from 'node:crypto';

/** An AWS identity, as the SDK's credential providers give it. */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

export interface SignedPost {
  /** Where the request goes: `host` (with a port when not the scheme's default), as sent. */
  host: string;
  region: string;
  service: string;
  /** Lower-case header names and their values, signed as given (host and the date are added). */
  headers: Record<string, string>;
  body: string;
  now?: Date;
}

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string): Buffer =>
  createHmac('sha256', key).update(text, 'utf8').digest();

/** The signing key of a day, region and service: four HMACs, the same all day (one cached). */
let cachedKey: { id: string; key: Buffer } | undefined;
const signingKey = (secret: string, day: string, region: string, service: string): Buffer => {
  const id = `${secret}\n${day}\n${region}\n${service}`;
  if (cachedKey?.id !== id)
    cachedKey = {
      id,
      key: hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request'),
    };
  return cachedKey.key;
};

/**
 * The headers that sign a POST to `/` with Signature Version 4, as the SDK's SignatureV4 signs a
 * JSON-protocol call (test/unit/aws-json-client.test.ts compares them): every given header signed,
 * the payload hashed, the session token (when there is one) sent and signed.
 */
export const signPost = (request: SignedPost, credentials: Credentials): Record<string, string> => {
  const stamp = (request.now ?? new Date()).toISOString().replace(/[-:]|\.\d{3}/g, '');
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = { ...request.headers, host: request.host, 'x-amz-date': stamp };
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonical = [
    'POST',
    '/',
    '',
    ...names.map((name) => `${name}:${headers[name]!.trim()}`),
    '',
    signedHeaders,
    sha256Hex(request.body),
  ].join('\n');
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${stamp}\n${scope}\n${sha256Hex(canonical)}`;
  const key = signingKey(credentials.secretAccessKey, day, request.region, request.service);
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
};
