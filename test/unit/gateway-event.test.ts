import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { buildEvent, joinHeaders, routeRequest } from '../../packages/local/src/gateway.ts';

const request = (method: string, headers: Record<string, string>) =>
  ({
    method,
    rawHeaders: Object.entries(headers).flat(),
    socket: { remoteAddress: '::ffff:127.0.0.1', localPort: 3000 },
  }) as unknown as IncomingMessage;
/** The request and its headers, joined as the gateway joins them before building the event. */
const withHeaders = (req: IncomingMessage) => ({ req, headers: joinHeaders(req.rawHeaders) });

describe('the local gateway', () => {
  it('builds the event API Gateway builds for a named stage: the stage in rawPath and http.path', () => {
    const rawPath = '/live/1/charges/ch_1/refunds';
    const routed = routeRequest('POST', rawPath);
    const event = buildEvent({
      ...withHeaders(request('POST', { Host: 'localhost:3000', 'Content-Type': 'application/json' })),
      rawPath,
      rawQueryString: 'a=1',
      body: Buffer.from('{}'),
      routed,
      requestId: 'req-1',
      at: new Date('2026-11-21T05:19:03Z'),
    });
    expect(routed.fn).toBe('refunds');
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /1/charges/{charge_token}/refunds',
      rawPath,
      rawQueryString: 'a=1',
      pathParameters: { charge_token: 'ch_1' },
      headers: { host: 'localhost:3000', 'content-type': 'application/json' },
      body: '{}',
      requestContext: {
        http: { method: 'POST', path: rawPath, sourceIp: '127.0.0.1' },
        routeKey: 'POST /1/charges/{charge_token}/refunds',
        stage: 'live',
        domainName: 'localhost:3000',
      },
    });
  });

  it("sends a path of no route, or of no stage, to the not-found function as API Gateway's $default", () => {
    expect(routeRequest('GET', '/test/1/nothing')).toMatchObject({ fn: 'not-found', routeKey: '$default' });
    expect(routeRequest('GET', '/1/charges')).toMatchObject({ fn: 'not-found', routeKey: '$default' });
  });

  it('hands a body that is not text over base64-encoded, as API Gateway does, and text as it is', () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00, 0xfe]);
    const eventOf = (contentType: string, body: Buffer) =>
      buildEvent({
        ...withHeaders(request('POST', { Host: 'localhost:3000', 'Content-Type': contentType })),
        rawPath: '/test/1/files',
        rawQueryString: '',
        body,
        routed: routeRequest('POST', '/test/1/files'),
        requestId: 'req-1',
        at: new Date('2026-11-21T05:19:03Z'),
      });
    const upload = eventOf('multipart/form-data; boundary=b', bytes);
    expect(upload).toMatchObject({ isBase64Encoded: true, body: bytes.toString('base64') });
    for (const type of [
      'application/json',
      'application/x-www-form-urlencoded',
      'text/plain',
      'application/hal+json',
    ])
      expect(eventOf(type, Buffer.from('a=1')), type).toMatchObject({ isBase64Encoded: false, body: 'a=1' });
    expect(eventOf('application/octet-stream', bytes).isBase64Encoded).toBe(true);
  });

  it('gives an upload route a body cap of its own', () => {
    expect(routeRequest('POST', '/test/1/files')).toMatchObject({ fn: 'files', upload: true });
    expect(routeRequest('POST', '/test/1/charges')).toMatchObject({ fn: 'charges', upload: false });
  });
});
