import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { buildEvent, freePort, joinHeaders, routeRequest } from '@wattle/local';
import type { FunctionName } from '@wattle/routes';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { FunctionProcess } from './function-process.ts';

/** One request the gateway passed to a function, and its answer's status. */
export interface Invocation {
  fn: FunctionName;
  routeKey: string;
  method: string;
  path: string;
  status: number;
}

export interface RehearsalGateway {
  /** `http://127.0.0.1:PORT/test`: the stage's base URL, as `TestBaseUrl` is in AWS. */
  baseUrl: string;
  invocations: Invocation[];
  close(): Promise<void>;
}

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * API Gateway's part, for requests to the deployed functions (moto accepts the HTTP API but does
 * not serve it): each request is matched against the route table and becomes the payload 2.0
 * event the local stack's gateway builds (packages/local: the same routing and event), invoked in
 * the function's own process; its result becomes the response.
 */
export const startRehearsalGateway = async (
  processes: Record<FunctionName, FunctionProcess>,
): Promise<RehearsalGateway> => {
  const invocations: Invocation[] = [];
  const server: Server = createServer((req, res) => {
    const respond = async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://gateway');
      const rawPath = url.pathname;
      const routed = routeRequest(req.method ?? 'GET', rawPath);
      const event = buildEvent({
        req,
        headers: joinHeaders(req.rawHeaders),
        rawPath,
        rawQueryString: url.search.slice(1),
        body,
        routed,
        requestId: randomBytes(11).toString('base64'),
        at: new Date(),
      });
      let result: APIGatewayProxyStructuredResultV2;
      try {
        result = (await processes[routed.fn].invoke(event)) as APIGatewayProxyStructuredResultV2;
      } catch (error) {
        console.error(String(error));
        result = { statusCode: 502, body: JSON.stringify({ error: 'function_error' }) };
      }
      const status = result.statusCode ?? 200;
      invocations.push({
        fn: routed.fn,
        routeKey: routed.routeKey,
        method: req.method ?? 'GET',
        path: rawPath,
        status,
      });
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(result.headers ?? {}))
        headers[name.toLowerCase()] = String(value);
      if (result.cookies?.length) headers['set-cookie'] = result.cookies;
      res.writeHead(status, headers);
      res.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
    };
    respond().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${port}/test`,
    invocations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
