import type * as Http from 'node:http';

export interface OutgoingRequest {
  method: string;
  /** The path and query, encoded, as sent. */
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export interface Answer {
  status: number;
  body: Buffer;
}

export interface Transport {
  send(request: OutgoingRequest): Promise<Answer>;
  /** Closes the kept-alive connections (a process that stops its stack). */
  destroy(): void;
}

/**
 * Requests to `endpoint` over one kept-alive agent (50 sockets, as the SDK's handler). The module
 * is taken with `process.getBuiltinModule`: no ESM facade built at start (as
 * packages/runtime/src/lambda-node-http.ts explains), and node:http only for an http:// endpoint.
 */
export const httpTransport = (endpoint: URL): Transport => {
  const http = process.getBuiltinModule(endpoint.protocol === 'https:' ? 'node:https' : 'node:http') as Pick<
    typeof Http,
    'Agent' | 'request'
  >;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const send = ({ method, path, headers, body }: OutgoingRequest): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const sent = http.request(
        {
          agent,
          protocol: endpoint.protocol,
          hostname: endpoint.hostname,
          port: endpoint.port || undefined,
          method,
          path,
          // A request without a body (S3's GET, DELETE) says no length, as the SDK's handler.
          headers:
            body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
          );
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  return { send, destroy: () => agent.destroy() };
};
