import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { errorCatalogue } from '@wattle/domain';
import {
  type FunctionName,
  fallbackFunction,
  firstSegment,
  matchRoute,
  pathWithinStage,
  routeKey,
} from '@wattle/routes';
import { millisecondsOr, randomText } from '@wattle/runtime';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { apiDocsReply } from './api-docs.ts';
import { localAccountId } from './aws.ts';
import type { LocalConsole } from './console.ts';
import { controlDoorRefusal } from './control-door.ts';
import { type DashboardHandler, isDashboardRequest } from './dashboard/dashboard.ts';
import { lambdaContext, loadHandler } from './functions.ts';
import type { RequestLog } from './request-log.ts';
import { stagelessPathProblem } from './stageless.ts';

/** Wattle's own cap on request bodies (API Gateway's is 10 MB). */
export const maxBodyBytes = 1024 * 1024;
/**
 * The cap on an upload route's body (POST /files): a little past the function's own limit, so the
 * function answers the 413 or the 422 that names the problem.
 */
export const maxUploadBodyBytes = 8 * 1024 * 1024;
/** API Gateway gives an HTTP API integration 30 seconds. */
const defaultInvokeTimeoutMs = 30_000;

/**
 * The time the gateway gives each API function's invocation (its context's remaining time, and
 * the wait before it answers 503 itself): `WATTLE_FUNCTION_TIMEOUT_MS` where set to a positive
 * whole number of milliseconds, else API Gateway's 30 s. A test of what happens at the deadline
 * (an acquirer that never answers) sets a few seconds so as not to wait half a minute.
 */
export const invokeTimeoutMsOf = (env: NodeJS.ProcessEnv = process.env): number =>
  millisecondsOr(env.WATTLE_FUNCTION_TIMEOUT_MS, defaultInvokeTimeoutMs);
/** Past the cap the rest of a body is read and dropped (so the client sees the 413), up to this much. */
const maxDrainBytes = 16 * maxBodyBytes;

/** A response the gateway makes itself, not as JSON: a file download. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Answers `GET /_local/files/<path>?<query>`: the local stand-in for S3's presigned downloads. */
export type DownloadHandler = (path: string, rawQuery: string) => Promise<RawResponse>;

export const stages = ['test', 'live'] as const;
export type Stage = (typeof stages)[number];

export interface JsonResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A request to the local control endpoints (`/_local/...`), body already read. */
export interface ControlRequest {
  method: string;
  /** Path below `/_local`, e.g. `/clock/advance`. */
  path: string;
  rawQueryString: string;
  headers: Record<string, string>;
  body: string;
}

export type ControlHandler = (request: ControlRequest) => Promise<JsonResponse>;

export interface GatewayOptions {
  /** Where the requests the gateway answers itself are logged (the functions log their own). */
  console: LocalConsole;
  control: ControlHandler;
  /** Where every request goes once answered (the local stack's request log). */
  requestLog?: RequestLog;
  /** Serves the files' download URLs (their signature is their only key). */
  downloads?: DownloadHandler;
  /** The dashboard at `/` (and `/_dashboard/...`). */
  dashboard?: DashboardHandler;
  /** Keeps a response that stays open (a followed page), to end it when the stack stops. */
  keepOpen?: (res: ServerResponse) => void;
  /** Each invocation's time (invokeTimeoutMsOf's by default). */
  invokeTimeoutMs?: number;
  /**
   * `GET /_local/events/stream` (behind the control door): writes the stream to `res` itself and
   * resolves with its status once it ends (event-feed.ts).
   */
  eventStream?: (headers: IncomingHttpHeaders, res: ServerResponse) => Promise<number>;
}

/** A Pin error body with the catalogue's description (or `description`). */
export const pinError = (
  code: keyof typeof errorCatalogue,
  extra: { description?: string; status?: number; messages?: unknown[] } = {},
): JsonResponse => ({
  status: extra.status ?? errorCatalogue[code].status,
  body: {
    error: code,
    error_description: extra.description ?? errorCatalogue[code].description,
    ...(extra.messages ? { messages: extra.messages } : {}),
  },
});

/** API Gateway's request ids look like `JKJaXmPLvHcESHA=`. */
const newRequestId = (): string => randomText(11, 'base64');

const traceId = (): string => `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${randomText(12, 'hex')}`;

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => String(n).padStart(2, '0');
/** `21/Nov/2026:05:19:03 +0000`, API Gateway's requestContext.time. */
const gatewayTime = (at: Date): string =>
  `${two(at.getUTCDate())}/${months[at.getUTCMonth()]}/${at.getUTCFullYear()}:` +
  `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())} +0000`;

/** Header names lower-cased, repeated headers joined with commas, as API Gateway passes them. */
export const joinHeaders = (rawHeaders: string[]): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] as string).toLowerCase();
    const value = rawHeaders[i + 1] as string;
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  return headers;
};

const queryParameters = (rawQueryString: string): Record<string, string> | undefined => {
  if (!rawQueryString) return undefined;
  const parameters: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    if (!name) continue;
    parameters[name] = name in parameters ? `${parameters[name]},${value}` : value;
  }
  return Object.keys(parameters).length ? parameters : undefined;
};

/** Splits a request target into its raw path and raw query string (without `?`, without a fragment). */
const splitTarget = (url: string): { rawPath: string; rawQueryString: string } => {
  let target = url.split('#')[0] as string;
  if (!target.startsWith('/')) {
    try {
      const parsed = new URL(target);
      target = parsed.pathname + parsed.search;
    } catch {
      target = '/';
    }
  }
  const q = target.indexOf('?');
  return q < 0
    ? { rawPath: target, rawQueryString: '' }
    : { rawPath: target.slice(0, q), rawQueryString: target.slice(q + 1) };
};

type BodyResult = { ok: true; body: Buffer } | { ok: false; drained: boolean };

const noBody: BodyResult = { ok: true, body: Buffer.alloc(0) };

/**
 * Whether the request declares no body (a Content-Length of 0 or none, no Transfer-Encoding), as a GET
 * does: there is nothing to wait for, and Node discards the empty message once the answer is sent.
 */
const bodiless = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] === undefined && Number(req.headers['content-length'] ?? 0) === 0;

/** Reads the body up to the cap. Past it, keeps reading (and dropping) so the client gets the answer. */
const readBody = (req: IncomingMessage, cap: number): Promise<BodyResult> =>
  new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared > cap;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
      else if (size > Math.max(maxDrainBytes, 2 * cap)) {
        req.pause();
        resolve({ ok: false, drained: false });
      }
    });
    req.on('end', () =>
      resolve(tooLarge ? { ok: false, drained: true } : { ok: true, body: Buffer.concat(chunks) }),
    );
    req.on('error', reject);
  });

interface Routed {
  fn: FunctionName;
  /** The route takes an upload (a multipart body up to maxUploadBodyBytes). */
  upload: boolean;
  routeKey: string;
  stage: Stage;
  pathParameters: Record<string, string> | undefined;
}

/**
 * The route of a request: `/test/...` and `/live/...` against the route table, all else to
 * not-found. The path is read by the rule the functions' routers read it by (pathWithinStage), so
 * `/test//1/cards/` goes to the function that then serves it as `POST /1/cards`.
 */
export const routeRequest = (method: string, rawPath: string): Routed => {
  const first = firstSegment(rawPath);
  const stage = (stages as readonly string[]).includes(first) ? (first as Stage) : null;
  const match = stage ? matchRoute(method, pathWithinStage(rawPath, stage)) : null;
  if (!stage || !match) {
    return {
      fn: fallbackFunction,
      upload: false,
      routeKey: '$default',
      stage: stage ?? 'test',
      pathParameters: undefined,
    };
  }
  const hasParameters = Object.keys(match.pathParameters).length > 0;
  return {
    fn: match.route.fn,
    upload: match.route.body === 'multipart',
    routeKey: routeKey(match.route),
    stage,
    pathParameters: hasParameters ? match.pathParameters : undefined,
  };
};

/**
 * Whether API Gateway hands the body over base64-encoded: an HTTP API encodes every body but text
 * (text/*, JSON, XML, JavaScript and forms), so a multipart upload's bytes arrive intact.
 */
const isBinary = (contentType: string | undefined): boolean => {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return !(
    type === '' ||
    type.startsWith('text/') ||
    type === 'application/x-www-form-urlencoded' ||
    /^application\/(.+\+)?(json|xml|javascript)$/.test(type)
  );
};

interface EventInput {
  req: IncomingMessage;
  /** The request's headers as joinHeaders gives them; the event takes them over. */
  headers: Record<string, string>;
  rawPath: string;
  rawQueryString: string;
  body: Buffer;
  routed: Routed;
  requestId: string;
  at: Date;
}

/**
 * The API Gateway HTTP API (payload format 2.0) event for a request. As on API Gateway's own host
 * with a named stage, `rawPath` and `requestContext.http.path` both start with the stage
 * (`/live/1/charges`); the function's router matches `http.path` and `http.method` once its
 * stagePrefix middleware has taken the stage off.
 */
export const buildEvent = ({
  req,
  headers,
  rawPath,
  rawQueryString,
  body,
  routed,
  requestId,
  at,
}: EventInput) => {
  const binary = body.length > 0 && isBinary(headers['content-type']);
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const domainName = headers.host ?? 'localhost';
  const cookieHeader = headers.cookie;
  delete headers.cookie;
  headers['x-forwarded-for'] ??= sourceIp;
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-forwarded-port'] ??= String(req.socket.localPort ?? '');
  headers['x-amzn-trace-id'] ??= traceId();
  const cookies = cookieHeader
    ?.split(';')
    .map((cookie) => cookie.trim())
    .filter(Boolean);
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: routed.routeKey,
    rawPath,
    rawQueryString,
    ...(cookies?.length ? { cookies } : {}),
    headers,
    queryStringParameters: queryParameters(rawQueryString),
    pathParameters: routed.pathParameters,
    requestContext: {
      accountId: localAccountId,
      apiId: 'local',
      domainName,
      domainPrefix: domainName.split('.')[0]?.split(':')[0] ?? domainName,
      http: {
        method: req.method ?? 'GET',
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: routed.routeKey,
      stage: routed.stage,
      time: gatewayTime(at),
      timeEpoch: at.getTime(),
    },
    ...(body.length ? { body: body.toString(binary ? 'base64' : 'utf8') } : {}),
    isBase64Encoded: binary,
  };
  return event;
};

interface Reply {
  status: number;
  headers: Record<string, string>;
  cookies: string[];
  /** Text is sent as it is: Node writes it in one piece with the head, with no copy into a Buffer. */
  body: string | Buffer;
}

const jsonReply = (response: JsonResponse, requestId: string): Reply => ({
  status: response.status,
  headers: {
    'content-type': 'application/json; charset=utf-8',
    'x-request-id': requestId,
    ...response.headers,
  },
  cookies: [],
  body: JSON.stringify(response.body),
});

/** How API Gateway turns a function's result into a response (a non-structured result is a 200 JSON body). */
const resultReply = (result: APIGatewayProxyResultV2): Reply => {
  if (typeof result === 'object' && result !== null && 'statusCode' in result && result.statusCode) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(result.headers ?? {}))
      headers[name.toLowerCase()] = String(value);
    delete headers['content-length'];
    delete headers['transfer-encoding'];
    delete headers.connection;
    const body = result.body ?? '';
    return {
      status: result.statusCode,
      headers,
      cookies: result.cookies ?? [],
      body: result.isBase64Encoded ? Buffer.from(body, 'base64') : body,
    };
  }
  const body = typeof result === 'string' ? result : result === undefined ? '' : JSON.stringify(result);
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    cookies: [],
    body,
  };
};

const timeout = (ms: number): { promise: Promise<'timeout'>; cancel: () => void } => {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
};

/** Invokes the function for a routed request; errors and timeouts become Pin error bodies. */
const invoke = async (routed: Routed, event: APIGatewayProxyEventV2, timeoutMs: number): Promise<Reply> => {
  const requestId = event.requestContext.requestId;
  const deadline = timeout(timeoutMs);
  try {
    const handler = await loadHandler(routed.fn);
    const outcome = await Promise.race([
      handler(event, lambdaContext(routed.fn, timeoutMs)),
      deadline.promise,
    ]);
    if (outcome === 'timeout') {
      console.error(`[wattle-local] ${routed.fn} did not answer ${event.rawPath} within ${timeoutMs} ms`);
      return jsonReply(
        {
          status: 503,
          body: {
            error: 'service_unavailable',
            error_description: `The function did not answer within ${Math.round(timeoutMs / 1000)} seconds.`,
          },
        },
        requestId,
      );
    }
    return resultReply(outcome);
  } catch (error) {
    console.error(
      `[wattle-local] ${routed.fn} failed on ${event.requestContext.http.method} ${event.rawPath}:`,
      error,
    );
    return jsonReply(pinError('internal_error'), requestId);
  } finally {
    deadline.cancel();
  }
};

const send = (res: ServerResponse, reply: Reply, requestId: string, close = false): void => {
  const headers: Record<string, string | string[]> = { ...reply.headers, 'apigw-requestid': requestId };
  if (reply.cookies.length) headers['set-cookie'] = reply.cookies;
  if (close) headers.connection = 'close';
  headers['content-length'] = String(
    typeof reply.body === 'string' ? Buffer.byteLength(reply.body) : reply.body.length,
  );
  res.writeHead(reply.status, headers);
  res.end(reply.body);
};

interface Handled {
  /** The request's path, without the query string (a JSONP query string carries card data). */
  path: string;
  requestId: string;
  status: number;
  routeKey: string;
  printed: boolean;
  /** The Pin error code of a 4xx the gateway answered itself, for its console line. */
  error?: string | undefined;
}

/** The `error` of a 4xx Pin error body; undefined for anything else. */
const clientErrorOf = ({ status, body }: JsonResponse): string | undefined =>
  status >= 400 && status < 500 ? ((body as { error?: string } | null)?.error ?? undefined) : undefined;

/**
 * The API Gateway emulator: each request becomes a v2 event for the function its route names, and
 * the function's result becomes the response. Requests run concurrently. `/_local/...` goes to the
 * local control endpoints instead.
 */
export const createGateway = (options: GatewayOptions) => {
  const timeoutMs = options.invokeTimeoutMs ?? invokeTimeoutMsOf();
  /**
   * How the request went: its status and route key, and whether the function invoked printed the
   * request itself (its `request` line) so the console needs no line of the gateway's.
   */
  const handle = async (req: IncomingMessage, res: ServerResponse, at: Date): Promise<Handled> => {
    const requestId = newRequestId();
    const method = req.method ?? 'GET';
    const { rawPath, rawQueryString } = splitTarget(req.url ?? '/');
    const routed = routeRequest(method, rawPath);
    const read = bodiless(req)
      ? noBody
      : await readBody(req, routed.upload ? maxUploadBodyBytes : maxBodyBytes);
    if (!read.ok) {
      send(res, jsonReply(pinError('request_too_large'), requestId), requestId, true);
      if (!read.drained) res.on('finish', () => req.destroy());
      return { path: rawPath, requestId, status: 413, routeKey: '$default', printed: false };
    }
    if (method === 'GET' && rawPath.startsWith('/_local/files/') && options.downloads) {
      const download = await options.downloads(rawPath.slice('/_local/files/'.length), rawQueryString);
      send(
        res,
        { ...download, headers: { ...download.headers, 'x-request-id': requestId }, cookies: [] },
        requestId,
      );
      return { path: rawPath, requestId, status: download.status, routeKey: '/_local/files', printed: false };
    }
    const docs = apiDocsReply(method, rawPath);
    if (docs) {
      send(res, { ...docs, cookies: [] }, requestId);
      return { path: rawPath, requestId, status: docs.status, routeKey: rawPath, printed: false };
    }
    // Joined once: the dashboard's Accept check, the control door and the function's event read them.
    const headers = joinHeaders(req.rawHeaders);
    if (options.dashboard && isDashboardRequest(rawPath, headers.accept)) {
      // Behind the control door too: it reads every merchant's data and replays and moves the clock
      // without credentials, so no other site's page (nor a rebound DNS name) may reach it.
      const refusal = controlDoorRefusal(headers, req.socket.localPort ?? 0);
      if (refusal) {
        send(res, jsonReply(refusal, requestId), requestId);
        return { path: rawPath, requestId, status: refusal.status, routeKey: '/', printed: false };
      }
      let page: Reply;
      try {
        const answer = await options.dashboard({
          method,
          path: rawPath,
          rawQueryString,
          body: read.body.toString('utf8'),
        });
        if (answer.follow) {
          res.writeHead(answer.status, { ...answer.headers, 'x-request-id': requestId });
          res.write(answer.body);
          options.keepOpen?.(res);
          const stop = answer.follow((markup) => res.write(markup));
          await new Promise<void>((resolve) => res.once('close', resolve));
          stop();
          return { path: rawPath, requestId, status: answer.status, routeKey: '/', printed: false };
        }
        page = {
          status: answer.status,
          headers: answer.headers,
          cookies: [],
          body: answer.body,
        };
      } catch (error) {
        console.error(`[wattle-local] ${method} ${rawPath} failed:`, error);
        page = jsonReply(pinError('internal_error'), requestId);
      }
      send(res, page, requestId);
      return { path: rawPath, requestId, status: page.status, routeKey: '/', printed: false };
    }
    if (method === 'GET' && rawPath === '/_local/events/stream' && options.eventStream) {
      const routeKey = '/_local/events/stream';
      const refusal = controlDoorRefusal(headers, req.socket.localPort ?? 0);
      if (refusal) {
        send(res, jsonReply(refusal, requestId), requestId);
        return { path: rawPath, requestId, status: refusal.status, routeKey, printed: false };
      }
      const status = await options.eventStream(req.headers, res);
      return { path: rawPath, requestId, status, routeKey, printed: false };
    }
    if (rawPath === '/_local' || rawPath.startsWith('/_local/')) {
      let response: JsonResponse;
      try {
        response =
          controlDoorRefusal(headers, req.socket.localPort ?? 0) ??
          (await options.control({
            method,
            path: rawPath.slice('/_local'.length),
            rawQueryString,
            headers,
            body: read.body.toString('utf8'),
          }));
      } catch (error) {
        console.error(`[wattle-local] ${method} ${rawPath} failed:`, error);
        response = pinError('internal_error');
      }
      send(res, jsonReply(response, requestId), requestId);
      return {
        path: rawPath,
        requestId,
        status: response.status,
        routeKey: '/_local',
        printed: false,
        error: clientErrorOf(response),
      };
    }
    const stageless = routed.routeKey === '$default' ? stagelessPathProblem(rawPath) : null;
    if (stageless) {
      send(res, jsonReply(pinError('not_found', { description: stageless }), requestId), requestId);
      return {
        path: rawPath,
        requestId,
        status: 404,
        routeKey: '$default',
        printed: false,
        error: 'not_found',
      };
    }
    const event = buildEvent({
      req,
      headers,
      rawPath,
      rawQueryString,
      body: read.body,
      routed,
      requestId,
      at,
    });
    const reply = await invoke(routed, event, timeoutMs);
    send(res, reply, requestId);
    return { path: rawPath, requestId, status: reply.status, routeKey: routed.routeKey, printed: true };
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const at = new Date();
    handle(req, res, at)
      .then(({ path, requestId, status, routeKey, printed, error }) => {
        const ms = Math.round(performance.now() - started);
        if (!printed)
          options.console.info(`${req.method} ${path} ${status}${error ? ` ${error}` : ''} ${ms}ms`);
        options.requestLog?.({
          requestId,
          requestTime: at.getTime(),
          httpMethod: req.method ?? 'GET',
          routeKey,
          path,
          status,
          responseLatency: ms,
        });
      })
      .catch((error) => {
        console.error('[wattle-local] request failed:', error);
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify(pinError('internal_error').body));
        } else res.destroy();
      });
  };
};
