import {
  AwsError,
  type CredentialSource,
  defaultMaxAttempts,
  httpTransport,
  presignQuery,
  type SignedRequest,
  sha256Hex,
  sharedCredentials,
  signRequest,
  uriEncode,
  withRetries,
} from '@wattle/aws-json';

/*
 * The few S3 requests the files function makes (put, get and delete an object, presign a GET),
 * signed by @wattle/aws-json's SigV4 signer, sent over its kept-alive transport and retried as
 * its JSON calls are, with the credentials the other clients use: one way of calling AWS in every
 * bundle. @aws-sdk/client-s3 would add about 170 KB to the files bundle (every operation's schema,
 * the endpoint rules, checksums, XML), parsed at every cold start, for these four requests to one
 * bucket in the function's own region.
 */

export interface S3Answer {
  status: number;
  body: Uint8Array;
}

/** A signed request to the bucket, as the transport sends it. */
export interface S3Request {
  method: string;
  hostname: string;
  /** The object's path, encoded. */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

/** Sends a signed request; the default sends it over HTTPS with @wattle/aws-json's transport. */
export type S3Transport = (request: S3Request) => Promise<S3Answer>;

export interface S3Options {
  bucket: string;
  /** The bucket's region: the function's own (AWS_REGION). */
  region: string;
  /** The SDK's default chain (in a Lambda bundle, the environment's: lambda-credentials.ts). */
  credentials?: CredentialSource;
  send?: S3Transport;
}

/**
 * An S3 error answer, named by its code (`NoSuchKey`, `AccessDenied`…) as the SDK names them. An
 * AwsError, so it is retried as the JSON calls' errors are (a throttle such as `SlowDown`, a 5xx).
 */
export class S3Error extends AwsError {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    attempts = 1,
  ) {
    super(code, message, status, attempts);
  }
}

/** The code and message of S3's XML error body (`<Error><Code>…</Code><Message>…</Message>`). */
const errorOf = (answer: S3Answer, attempts: number): S3Error => {
  const xml = new TextDecoder().decode(answer.body);
  const field = (name: string) => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];
  const code = field('Code') ?? `Http${answer.status}`;
  return new S3Error(code, answer.status, field('Message') ?? `S3 answered ${answer.status}`, attempts);
};

const httpsTransport = (hostname: string): S3Transport => {
  const https = httpTransport(new URL(`https://${hostname}`));
  return (request) => https.send(request);
};

export const s3Requests = ({ bucket, region, credentials, send }: S3Options) => {
  // Virtual-hosted style, the only one for buckets made after 2020 (the stack's is).
  const hostname = `${bucket}.s3.${region}.amazonaws.com`;
  const transport = send ?? httpsTransport(hostname);
  const identity = sharedCredentials(credentials);
  const maxAttempts = defaultMaxAttempts();
  /** What S3 signs: the key's path encoded once and signed as sent, the payload's hash given. */
  const requestOf = (
    method: string,
    key: string,
    fields: Pick<SignedRequest, 'payloadHash'> & Partial<SignedRequest>,
  ): SignedRequest => ({
    method,
    host: hostname,
    path: `/${key.split('/').map(uriEncode).join('/')}`,
    headers: {},
    region,
    service: 's3',
    ...fields,
  });

  return {
    /** Sends the request (retrying a throttled or failed attempt); throws S3Error for an error answer. */
    send: (
      method: string,
      key: string,
      init: { body?: Uint8Array; headers?: Record<string, string> } = {},
    ): Promise<S3Answer> => {
      const payloadHash = sha256Hex(init.body ?? '');
      // S3 wants the payload's hash sent and signed.
      const request = requestOf(method, key, {
        payloadHash,
        headers: { ...init.headers, 'x-amz-content-sha256': payloadHash },
      });
      return withRetries(maxAttempts, async (attempt) => {
        const headers = signRequest(request, await identity());
        const answer = await transport({ method, hostname, path: request.path, headers, body: init.body });
        if (answer.status < 300) return answer;
        throw errorOf(answer, attempt);
      });
    },
    /** A GET of `key` anyone can make until `expiresIn` seconds after `now`, as getSignedUrl makes it. */
    presignGet: async (key: string, query: Record<string, string>, now: Date, expiresIn: number) => {
      const request = requestOf('GET', key, {
        payloadHash: 'UNSIGNED-PAYLOAD',
        // What the SDK's GetObject and presigner add, so the URL is the one they made before.
        query: {
          ...query,
          'x-amz-checksum-mode': 'ENABLED',
          'x-id': 'GetObject',
          'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
        },
        now,
      });
      return `https://${hostname}${request.path}?${presignQuery(request, await identity(), expiresIn)}`;
    },
  };
};
