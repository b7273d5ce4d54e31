import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { buildEvent, routeRequest } from '../../packages/local/src/gateway.ts';

const request = (method: string, headers: Record<string, string>) =>
  ({
    method,
    rawHeaders: Object.entries(headers).flat(),
    socket: { remoteAddress: '::ffff:127.0.0.1', localPort: 3000 },
  }) as unknown as IncomingMessage;

describe('the local gateway', () => {
  it('builds the event API Gateway builds for a named stage: the stage in rawPath and http.path', () => {
    const rawPath = '/live/1/charges/ch_1/refunds';
    const routed = routeRequest('POST', rawPath);
    const event = buildEvent({
      req: request('POST', { Host: 'localhost:3000', 'Content-Type': 'application/json' }),
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
});
