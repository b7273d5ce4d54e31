import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { provisionAccount } from '@wattle/flows';
import { type FunctionName, functionEntry, matchRoute } from '@wattle/routes';
import { type RuntimeDeps, runtimeDeps } from '@wattle/runtime';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { formBody } from '../../helpers/stack.ts';
import type { TestTable } from '../../helpers/table.ts';
import { type DynamoDbHooks, hookDynamoDb } from './dynamodb-hooks.ts';

type Handler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface CallOptions {
  /** `json` (default), `form` (bracket nesting), or `raw` (the body string as it is). */
  encoding?: 'json' | 'form' | 'raw';
  contentType?: string;
  /** The key to authenticate with; default the merchant's test secret key, null for none. */
  key?: string | null;
  headers?: Record<string, string>;
  stage?: 'test' | 'live';
}

export interface CallResult {
  status: number;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted on, not typed
  body: any;
  text: string;
}

export interface InProcessApi {
  /** Calls the function a request routes to, as API Gateway would; `path` is below the stage. */
  call(method: string, path: string, body?: unknown, options?: CallOptions): Promise<CallResult>;
  /** The handlers' own dependencies (their store, clock, ids), built from the same environment. */
  deps: RuntimeDeps;
  /** Every DynamoDB call the functions make goes through these hooks. */
  hooks: DynamoDbHooks;
  secretKey: string;
  publishableKey: string;
  /** The merchant's live secret key (the stage `live`). */
  liveSecretKey: string;
  partnerKey: string;
  accountId: string;
}

const loaded = new Map<FunctionName, Promise<Handler>>();
const handlerOf = (fn: FunctionName): Promise<Handler> => {
  let handler = loaded.get(fn);
  if (!handler) {
    handler = import(pathToFileURL(join(repoRoot, functionEntry(fn))).href).then(
      (module: { handler: Handler }) => module.handler,
    );
    loaded.set(fn, handler);
  }
  return handler;
};

const context = (fn: FunctionName): Context =>
  ({
    functionName: `wattle-${fn}`,
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 30_000,
  }) as unknown as Context;

const encode = (body: unknown, options: CallOptions): { text?: string; contentType?: string } => {
  if (body === undefined) return {};
  const encoding = options.encoding ?? 'json';
  if (encoding === 'raw') return { text: String(body), contentType: options.contentType };
  if (encoding === 'form')
    return { text: formBody(body), contentType: options.contentType ?? 'application/x-www-form-urlencoded' };
  return { text: JSON.stringify(body), contentType: options.contentType ?? 'application/json' };
};

/**
 * The API's functions called in this process, with API Gateway (v2) events, over `table` on the
 * run's DynamoDB Local: no HTTP, no queues. Being in-process, a test sees what a request did to
 * this process (a polluted prototype) and every DynamoDB call it made (hooks). One per test file:
 * the functions build their dependencies once, from the environment set here.
 */
export const inProcessApi = async (table: TestTable, ddbEndpoint: string): Promise<InProcessApi> => {
  Object.assign(process.env, {
    WATTLE_TABLE_NAME: table.tableName,
    WATTLE_CARD_KEY: randomBytes(32).toString('hex'),
    // The files function's bytes, as the local stack keeps them.
    WATTLE_FILES_DIR: mkdtempSync(join(tmpdir(), 'wattle-fuzz-files-')),
    WATTLE_FILES_URL_KEY: randomBytes(32).toString('hex'),
    WATTLE_LOG_LEVEL: process.env.RELIABILITY_LOG_LEVEL ?? 'SILENT',
    // The environments' public base URLs, which the links the functions hand out are built on.
    WATTLE_TEST_BASE_URL: 'https://api-test.wattle.example',
    WATTLE_LIVE_BASE_URL: 'https://api.wattle.example',
    AWS_ENDPOINT_URL_DYNAMODB: ddbEndpoint,
    AWS_REGION: 'local',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
  const deps = runtimeDeps();
  const hooks = hookDynamoDb(deps.store.ctx.doc);
  const partner = await provisionAccount(deps, {
    kind: 'partner',
    name: 'Fuzz partner',
    email: 'partner@example.com',
  });
  const merchant = await provisionAccount(deps, {
    kind: 'merchant',
    name: 'Fuzz merchant',
    email: 'merchant@example.com',
    referredBy: partner.account.id,
  });
  const keys = merchant.keys!.test;

  const call: InProcessApi['call'] = async (method, path, body, options = {}) => {
    const stage = options.stage ?? 'test';
    const [rawPath = '', rawQueryString = ''] = path.split('?');
    const match = matchRoute(method, rawPath);
    const { text, contentType } = encode(body, options);
    const headers: Record<string, string> = {
      host: 'localhost',
      'x-forwarded-proto': 'http',
      ...options.headers,
    };
    if (contentType) headers['content-type'] = contentType;
    const key = options.key === undefined ? keys.secretKey : options.key;
    if (key) headers.authorization = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
    const fn: FunctionName = match?.route.fn ?? 'not-found';
    const routeKey = match ? `${match.route.method} ${match.route.path}` : '$default';
    const requestId = randomBytes(11).toString('base64');
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey,
      rawPath: `/${stage}${rawPath}`,
      rawQueryString,
      headers,
      pathParameters: match && Object.keys(match.pathParameters).length ? match.pathParameters : undefined,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: 'localhost',
        domainPrefix: 'localhost',
        http: {
          method,
          path: `/${stage}${rawPath}`,
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'reliability',
        },
        requestId,
        routeKey,
        stage,
        time: new Date().toUTCString(),
        timeEpoch: Date.now(),
      },
      body: text,
      isBase64Encoded: false,
    };
    const handler = await handlerOf(fn);
    const response = await handler(event, context(fn));
    const responseText = typeof response.body === 'string' ? response.body : '';
    let parsed: unknown = responseText;
    try {
      parsed = responseText ? JSON.parse(responseText) : responseText;
    } catch {
      // Not JSON (the 3-D Secure page): the text it is.
    }
    const responseHeaders = Object.fromEntries(
      Object.entries(response.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    return { status: response.statusCode ?? 200, headers: responseHeaders, body: parsed, text: responseText };
  };

  return {
    call,
    deps,
    hooks,
    secretKey: keys.secretKey,
    publishableKey: keys.publishableKey,
    liveSecretKey: merchant.keys!.live.secretKey,
    partnerKey: partner.partnerKey!,
    accountId: merchant.account.id,
  };
};
