import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { extendedEncodeURIComponent } from '@smithy/core/protocols';
import { streamCollector } from '@smithy/core/serde';
import { HttpRequest } from '@smithy/core/transport';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from '@smithy/types';

/*
 * The few S3 requests the files function makes (put, get and delete an object, presign a GET),
 * signed with SigV4 by the SDK's own signer and sent by the SDK's own HTTP handler, both already
 * in the bundle for DynamoDB. @aws-sdk/client-s3 would add about 170 KB to the files bundle (every
 * operation's schema, the endpoint rules, checksums, XML), parsed at every cold start, for these
 * four requests to one bucket in the function's own region.
 */

export interface S3Answer {
  status: number;
  body: Uint8Array;
}

/** Sends a signed request; the default sends it over HTTPS with the SDK's handler. */
export type S3Transport = (request: HttpRequest) => Promise<S3Answer>;

export interface S3Options {
  bucket: string;
  /** The bucket's region: the function's own (AWS_REGION). */
  region: string;
  /** The SDK's default chain (in a Lambda bundle, the environment's: lambda-credentials.ts). */
  credentials?: AwsCredentialIdentity | AwsCredentialIdentityProvider;
  send?: S3Transport;
}

/** An S3 error answer, named by its code (`NoSuchKey`, `AccessDenied`…) as the SDK names them. */
export class S3Error extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = code;
  }
}

const httpsTransport = (): S3Transport => {
  const handler = new NodeHttpHandler();
  return async (request) => {
    const { response } = await handler.handle(request);
    return { status: response.statusCode, body: await streamCollector(response.body) };
  };
};

/** The code and message of S3's XML error body (`<Error><Code>…</Code><Message>…</Message>`). */
const errorOf = (answer: S3Answer): S3Error => {
  const xml = new TextDecoder().decode(answer.body);
  const field = (name: string) => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];
  const code = field('Code') ?? `Http${answer.status}`;
  return new S3Error(code, answer.status, field('Message') ?? `S3 answered ${answer.status}`);
};

/** Answers worth another attempt, as the SDK's standard retry treats them. */
const transient = (status: number): boolean => status === 429 || status >= 500;
const attempts = 3;
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 50 * (1 + Math.random())));

export const s3Requests = ({
  bucket,
  region,
  credentials = defaultProvider(),
  send = httpsTransport(),
}: S3Options) => {
  // Virtual-hosted style, the only one for buckets made after 2020 (the stack's is).
  const hostname = `${bucket}.s3.${region}.amazonaws.com`;
  // S3 signs the path as it is sent (no second encoding) and wants the payload's hash signed.
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials,
    sha256: Sha256,
    uriEscapePath: false,
  });
  const requestOf = (method: string, key: string, init: Partial<HttpRequest> = {}) =>
    new HttpRequest({
      protocol: 'https:',
      hostname,
      method,
      path: `/${key.split('/').map(extendedEncodeURIComponent).join('/')}`,
      ...init,
      headers: { host: hostname, ...init.headers },
    });

  return {
    /** Sends the request (retrying a throttled or failed attempt); throws S3Error for an error answer. */
    send: async (method: string, key: string, init: Partial<HttpRequest> = {}): Promise<S3Answer> => {
      for (let attempt = 1; ; attempt++) {
        const signed = (await signer.sign(requestOf(method, key, init))) as HttpRequest;
        const answer = await send(signed).catch((error: unknown) => {
          if (attempt >= attempts) throw error;
          return null;
        });
        if (answer && answer.status < 300) return answer;
        if (answer && (!transient(answer.status) || attempt >= attempts)) throw errorOf(answer);
        await pause(attempt);
      }
    },
    /** A GET of `key` anyone can make until `expiresIn` seconds after `now`, as getSignedUrl makes it. */
    presignGet: async (key: string, query: Record<string, string>, now: Date, expiresIn: number) => {
      // What the SDK's GetObject and presigner add, so the URL is the one they made before.
      const request = requestOf('GET', key, {
        query: { ...query, 'x-amz-checksum-mode': 'ENABLED', 'x-id': 'GetObject' },
        headers: { 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
      });
      const presigned = await signer.presign(request, { signingDate: now, expiresIn });
      const signedQuery = presigned.query ?? {};
      const search = Object.keys(signedQuery)
        .sort()
        .map(
          (name) =>
            `${extendedEncodeURIComponent(name)}=${extendedEncodeURIComponent(String(signedQuery[name]))}`,
        )
        .join('&');
      return `https://${hostname}${presigned.path}?${search}`;
    },
  };
};
