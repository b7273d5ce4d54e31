import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGateway, type JsonResponse } from '../../packages/local/src/gateway.ts';

/** The gateway on a port of its own, its control endpoints answering `answer` to what they get. */
const serve = async (answer: (body: string) => JsonResponse): Promise<{ server: Server; url: string }> => {
  const gateway = createGateway({
    console: { info: () => {} },
    control: async (request) => answer(request.body),
  });
  const server = createServer(gateway);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}/_local` };
};

describe("the local gateway's replies", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('answers a request without a body at once, and gives text its length in bytes', async () => {
    const served = await serve((body) => ({ status: 200, body: { name: 'Zoë ✓', sent: body } }));
    server = served.server;
    const read = await fetch(`${served.url}/anything`);
    const text = await read.text();
    expect(JSON.parse(text)).toEqual({ name: 'Zoë ✓', sent: '' });
    expect(Number(read.headers.get('content-length'))).toBe(Buffer.byteLength(text));
  });

  it('still reads the body of a request that declares one, by length or in chunks', async () => {
    const served = await serve((body) => ({ status: 200, body: { sent: body } }));
    server = served.server;
    const byLength = await fetch(`${served.url}/anything`, { method: 'POST', body: 'a=1' });
    expect(await byLength.json()).toEqual({ sent: 'a=1' });
    const chunked = await fetch(`${served.url}/anything`, {
      method: 'POST',
      body: new Blob(['b=2']).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(await chunked.json()).toEqual({ sent: 'b=2' });
  });
});
