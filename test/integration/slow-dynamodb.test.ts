import { createServer, type Socket } from 'node:net';
import { boundByDeadline, timeLeftMs } from '@wattle/deadline';
import { apiHandler } from '@wattle/http';
import {
  awsClientSettings,
  composeDeps,
  defaultFanOutGraceSeconds,
  randomIds,
  runtimeClock,
  silentLogger,
  simulatedProcessorOf,
} from '@wattle/runtime';
import { documentClient, localCardCipher, storeContext, storeOver } from '@wattle/store';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes as eventsRoutes } from '../../functions/events/src/routes.ts';
import { apiEvent } from '../unit/middlewares/harness.ts';

/** A DynamoDB that takes every connection and request and never answers. */
const sockets = new Set<Socket>();
let connections = 0;
const silent = createServer((socket) => {
  connections++;
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
let endpoint = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

/** The events function's chain over the container's client settings, DynamoDB being the silent one. */
const eventsFunction = () => {
  const doc = boundByDeadline(
    documentClient({
      ...awsClientSettings(),
      endpoint,
      region: 'ap-southeast-2',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const store = storeOver(
    storeContext(doc, 'wattle', localCardCipher(Buffer.alloc(32)), undefined, timeLeftMs),
  );
  const deps = composeDeps({
    config: {
      tableName: 'wattle',
      cardKeyHex: undefined,
      cardKmsKeyId: undefined,
      logLevel: 'SILENT',
      logFormat: 'json',
      fanOutGraceSeconds: defaultFanOutGraceSeconds,
      retention: store.ctx.retention,
    },
    store,
    clock: runtimeClock,
    ids: randomIds,
    logger: silentLogger(),
    processorOf: simulatedProcessorOf(),
  });
  const unreached = async () => ({ status: 200, body: {} });
  return apiHandler('events', eventsRoutes, () => deps, {
    'GET /1/events': unreached,
    'GET /1/events/{event_token}': unreached,
  });
};

describe('a DynamoDB that hangs', () => {
  it("answers Pin's 503 at the request's deadline, before Lambda's timeout", async () => {
    const handler = eventsFunction();
    const remainingMs = 2_500;
    const started = Date.now();
    const context = { getRemainingTimeInMillis: () => remainingMs - (Date.now() - started) } as Context;
    const key = Buffer.from('sk_test_0000000000000000000000:').toString('base64');
    const event = apiEvent({ path: '/test/1/events' });
    event.headers.authorization = `Basic ${key}`;
    const answer = await handler(event, context);
    const took = Date.now() - started;
    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(answer.body ?? '{}')).toEqual({
      error: 'service_unavailable',
      error_description: 'The request took too long to process. Retry it with the same Idempotency-Key.',
    });
    expect(answer.headers?.['Retry-After']).toBe('1');
    // The key's lookup was stopped at the deadline (the time left less the answer margin), not
    // by the SDK's 5-second request timeout, and within the time Lambda gave.
    expect(took).toBeGreaterThanOrEqual(remainingMs - 1_000 - 50);
    expect(took).toBeLessThan(remainingMs);
    expect(connections).toBeGreaterThan(0);
  });
});
