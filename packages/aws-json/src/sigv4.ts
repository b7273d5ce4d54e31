import { createHash, createHmac } from 'node:crypto';

/** An AWS identity, as the SDK's credential providers give it. */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

/** What a signature covers, as the SDK's SignatureV4 signs it (the unit tests compare them). */
export interface SignedRequest {
  method: string;
  /** Where the request goes: `host` (with a port when not the scheme's default), as sent. */
  host: string;
  /** The path as sent, already encoded (`uriEncode`): signed as it is, never encoded again (S3's way). */
  path: string;
  /** Query parameters, not encoded. */
  query?: Record<string, string>;
  /** Lower-case header names and their values, signed as given (host and the date are added). */
  headers: Record<string, string>;
  /** The body's SHA-256 in hex (`sha256Hex`), or `UNSIGNED-PAYLOAD`. */
  payloadHash: string;
  region: string;
  service: string;
  now?: Date;
}

/** A JSON-protocol call: a POST to `/` of `body`. */
export type SignedPost = Omit<SignedRequest, 'method' | 'path' | 'query' | 'payloadHash'> & { body: string };

export const sha256Hex = (data: string | Uint8Array): string =>
  createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, text: string): Buffer =>
  createHmac('sha256', key).update(text, 'utf8').digest();

/** RFC 3986 encoding, as SigV4 wants names and values (and S3 a key's segments): `!'()*` too. */
export const uriEncode = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A query as SigV4 signs it, and as a presigned URL carries it: encoded, sorted by name. */
const canonicalQuery = (query: Record<string, string>): string =>
  Object.entries(query)
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');

/**
 * The signing key of a day, region and service: four HMACs, the same all day, so kept: one per
 * service a process calls (the files function signs for DynamoDB and S3 in turn). Emptied when
 * full, which only the days going by and rotated credentials fill.
 */
const signingKeys = new Map<string, Buffer>();
const signingKey = (secret: string, day: string, region: string, service: string): Buffer => {
  const id = `${secret}\n${day}\n${region}\n${service}`;
  let key = signingKeys.get(id);
  if (!key) {
    if (signingKeys.size >= 8) signingKeys.clear();
    key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
    signingKeys.set(id, key);
  }
  return key;
};

const stampOf = (now = new Date()): string => now.toISOString().replace(/[-:]|\.\d{3}/g, '');
/** The credential scope: the day of `stamp`, the region and the service. */
const scopeOf = (stamp: string, { region, service }: SignedRequest): string =>
  `${stamp.slice(0, 8)}/${region}/${service}/aws4_request`;

/**
 * The one SigV4 computation: the canonical request of `request` with `headers` signed (every one)
 * and `query` (without the signature), hashed into the string to sign under the day's key.
 */
const signatureOf = (
  request: SignedRequest,
  credentials: Credentials,
  stamp: string,
  headers: Record<string, string>,
  query: Record<string, string>,
) => {
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonical = [
    request.method,
    request.path,
    canonicalQuery(query),
    // Values trimmed and inner runs of spaces made one, as SigV4 canonicalises them.
    ...names.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = scopeOf(stamp, request);
  const toSign = `AWS4-HMAC-SHA256\n${stamp}\n${scope}\n${sha256Hex(canonical)}`;
  const key = signingKey(credentials.secretAccessKey, stamp.slice(0, 8), request.region, request.service);
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return { scope, signedHeaders, signature };
};

/**
 * The headers that sign `request` in its Authorization header: every given header signed, the
 * date added, the session token (when there is one) sent and signed. The query is signed, not
 * added: the caller sends the same.
 */
export const signRequest = (request: SignedRequest, credentials: Credentials): Record<string, string> => {
  const stamp = stampOf(request.now);
  const headers: Record<string, string> = { ...request.headers, host: request.host, 'x-amz-date': stamp };
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;
  const { scope, signedHeaders, signature } = signatureOf(
    request,
    credentials,
    stamp,
    headers,
    request.query ?? {},
  );
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
};

/** A JSON-protocol call's signed headers: a POST to `/`, its body's hash signed. */
export const signPost = ({ body, ...post }: SignedPost, credentials: Credentials): Record<string, string> =>
  signRequest({ ...post, method: 'POST', path: '/', payloadHash: sha256Hex(body) }, credentials);

/**
 * The query string of `request` presigned for `expiresIn` seconds (query-string authentication):
 * the given query with X-Amz-Algorithm, -Credential, -Date, -Expires, -SignedHeaders, the
 * session token when there is one, and X-Amz-Signature, encoded and sorted as SigV4 signs it.
 */
export const presignQuery = (request: SignedRequest, credentials: Credentials, expiresIn: number): string => {
  const stamp = stampOf(request.now);
  const headers: Record<string, string> = { ...request.headers, host: request.host };
  const query: Record<string, string> = {
    ...request.query,
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${credentials.accessKeyId}/${scopeOf(stamp, request)}`,
    'X-Amz-Date': stamp,
    'X-Amz-Expires': String(expiresIn),
    'X-Amz-SignedHeaders': Object.keys(headers).sort().join(';'),
  };
  const { signature } = signatureOf(request, credentials, stamp, headers, query);
  return canonicalQuery({ ...query, 'X-Amz-Signature': signature });
};
