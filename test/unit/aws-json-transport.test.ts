import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpTransport } from '@wattle/aws-json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A stand-in service: records each request and answers with the bytes it was sent, reversed. */
let server: Server;
let endpoint: URL;
const received: { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    received.push({
      method: String(request.method),
      url: String(request.url),
      headers: request.headers,
      body,
    });
    response.writeHead(body.length > 0 ? 200 : 204);
    response.end(Buffer.from(body).reverse());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("@wattle/aws-json's transport", () => {
  it('sends any method to any path, bytes as they are, and says no length for no body', async () => {
    const transport = httpTransport(endpoint);
    const bytes = new Uint8Array([0, 255, 1, 254]);
    const put = await transport.send({
      method: 'PUT',
      path: '/acct/live/file%20a',
      headers: { 'content-type': 'application/pdf' },
      body: bytes,
    });
    const del = await transport.send({ method: 'DELETE', path: '/acct/live/file%20a', headers: {} });
    transport.destroy();
    expect(put).toEqual({ status: 200, body: Buffer.from([254, 1, 255, 0]) });
    expect(del.status).toBe(204);
    const [sentPut, sentDelete] = received;
    expect(sentPut).toMatchObject({ method: 'PUT', url: '/acct/live/file%20a', body: Buffer.from(bytes) });
    expect(sentPut?.headers['content-length']).toBe('4');
    expect(sentDelete).toMatchObject({ method: 'DELETE', url: '/acct/live/file%20a' });
    expect(sentDelete?.headers['content-length']).toBeUndefined();
    expect(sentDelete?.headers['transfer-encoding']).toBeUndefined();
  });
});
