import type * as Http from 'node:http';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { AwsError, retryKind } from './errors.ts';
import type { JsonProtocol } from './protocols.ts';
import { type Credentials, signPost } from './sigv4.ts';

/**
 * Calls to an AWS service over its JSON protocol (DynamoDB, KMS, SQS): each call one POST signed
 * with SigV4 over a kept-alive connection, with the SDK's standard retries. The functions use it in
 * place of the SDK's clients, whose middleware stack, schema serde and endpoint rules cost about
 * 0.2 ms of CPU per DynamoDB call (350 µs against 120 µs for a GetItem, measured) and about 25 ms
 * of every cold start, for the dozen operations the service calls (docs/decisions.md).
 */
export interface AwsJsonOptions {
  /** AWS_ENDPOINT_URL_<SERVICE>, else AWS_ENDPOINT_URL, else the service's regional endpoint. */
  endpoint?: string;
  /** AWS_REGION, else AWS_DEFAULT_REGION. */
  region?: string;
  /** The SDK's default chain (in a Lambda bundle, the environment's: lambda-credentials.ts). */
  credentials?: Credentials | (() => Promise<Credentials>);
  /** Attempts per call, the first included: AWS_MAX_ATTEMPTS, else the SDK's default, 3. */
  maxAttempts?: number;
}

const env = process.env;
/** The SDK's standard strategy: up to 20 s, full jitter, from 100 ms (500 ms for a throttle). */
const backoffMs = (attempt: number, kind: 'transient' | 'throttling'): number =>
  Math.floor(Math.min(20_000, Math.random() * 2 ** attempt * (kind === 'throttling' ? 500 : 100)));
/** Refresh expiring credentials this long before they expire (the SDK's margin). */
const refreshMarginMs = 5 * 60_000;

export class AwsJsonClient {
  readonly endpoint: URL;
  readonly region: string;
  private readonly maxAttempts: number;
  private readonly transport: Transport;
  private readonly credentialSource: () => Promise<Credentials>;
  /** The identity in use, or the one being fetched: calls at once ask the provider once. */
  private credentials: Promise<Credentials> | undefined;

  constructor(
    private readonly protocol: JsonProtocol,
    options: AwsJsonOptions = {},
  ) {
    const region = options.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
    if (!region) throw new Error('No AWS region: set AWS_REGION (or pass `region`)');
    this.region = region;
    const service = protocol.service;
    this.endpoint = new URL(
      options.endpoint ??
        env[`AWS_ENDPOINT_URL_${service.toUpperCase()}`] ??
        env.AWS_ENDPOINT_URL ??
        `https://${service}.${region}.amazonaws.${region.startsWith('cn-') ? 'com.cn' : 'com'}`,
    );
    const given = options.credentials;
    this.credentialSource =
      typeof given === 'function'
        ? given
        : given
          ? async () => given
          : (defaultProvider() as () => Promise<Credentials>);
    this.maxAttempts = options.maxAttempts ?? (Number(env.AWS_MAX_ATTEMPTS) || 3);
    this.transport = transport(this.endpoint);
  }

  /** One operation (`GetItem`, `Decrypt`…), input and output as the service's JSON. */
  async call(operation: string, input: object): Promise<Record<string, unknown>> {
    const body = JSON.stringify(input);
    for (let attempt = 1; ; attempt++) {
      try {
        const headers = signPost(
          {
            host: this.endpoint.host,
            region: this.region,
            service: this.protocol.service,
            headers: {
              'content-type': this.protocol.contentType,
              'x-amz-target': `${this.protocol.targetPrefix}.${operation}`,
            },
            body,
          },
          await this.identity(),
        );
        const answer = await this.transport.post(headers, body);
        if (answer.status === 200) return JSON.parse(answer.text) as Record<string, unknown>;
        throw errorOf(answer.status, parseError(answer.text), attempt);
      } catch (error) {
        const kind = retryKind(error);
        if (kind === 'no' || attempt >= this.maxAttempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt, kind)));
      }
    }
  }

  /** Closes the kept-alive connections (a process that stops its stack). */
  destroy(): void {
    this.transport.agent.destroy();
  }

  private async identity(): Promise<Credentials> {
    const asked = this.credentials;
    if (asked) {
      // A failed ask fails the calls that waited on it too, and is forgotten (below).
      const held = await asked;
      if (!held.expiration || held.expiration.getTime() - Date.now() > refreshMarginMs) return held;
      // Expiring: ask again, unless another call already has.
      if (this.credentials !== asked) return this.identity();
    }
    const asking = this.credentialSource();
    this.credentials = asking;
    asking.catch(() => {
      if (this.credentials === asking) this.credentials = undefined;
    });
    return asking;
  }
}

interface Transport {
  agent: Http.Agent;
  post(headers: Record<string, string>, body: string): Promise<Answer>;
}

interface Answer {
  status: number;
  text: string;
}

/** An error body as JSON; a proxy's HTML page (a 502, say) as nothing. */
const parseError = (text: string): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** A JSON error body: `__type` is `[<namespace>#]<name>`, the message under either spelling. */
const errorOf = (status: number, body: Record<string, unknown>, attempts: number): AwsError => {
  const type = typeof body.__type === 'string' ? body.__type : '';
  const name = type.slice(type.indexOf('#') + 1) || `Http${status}`;
  const message = String(body.message ?? body.Message ?? `AWS answered ${status}`);
  return new AwsError(name, message, status, attempts, body);
};

/**
 * POSTs to `/` at `endpoint` over one kept-alive agent (50 sockets, as the SDK's handler). The
 * module is taken with `process.getBuiltinModule`: no ESM facade built at start (as
 * packages/runtime/src/lambda-node-http.ts explains), and node:http only for an http:// endpoint.
 */
const transport = (endpoint: URL): Transport => {
  const http = process.getBuiltinModule(endpoint.protocol === 'https:' ? 'node:https' : 'node:http') as Pick<
    typeof Http,
    'Agent' | 'request'
  >;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const post = (headers: Record<string, string>, body: string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const sent = http.request(
        {
          agent,
          protocol: endpoint.protocol,
          hostname: endpoint.hostname,
          port: endpoint.port || undefined,
          method: 'POST',
          path: '/',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  return { agent, post };
};
