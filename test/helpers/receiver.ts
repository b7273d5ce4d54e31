import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { hangNet } from './hang-net.ts';

/** One request a receiver got, with its raw body (what a signature is checked against). */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers: a status, or a function of the request (may wait, to hold it open). */
export type Answer = number | ((request: ReceivedRequest) => number | Promise<number>);

export interface Receiver {
  /** `http://127.0.0.1:<port>` + `path`. */
  url(path?: string): string;
  requests: ReceivedRequest[];
  answer: Answer;
  /** Resolves with the requests once there are at least `count` (matching `filter`). */
  waitFor(
    count: number,
    filter?: (request: ReceivedRequest) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** A real HTTP server on loopback that records every request, as a merchant's webhook endpoint. */
export const startReceiver = async (answer: Answer = 200): Promise<Receiver> => {
  const requests: ReceivedRequest[] = [];
  const receiver: Receiver = {
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    requests,
    answer,
    waitFor: (count, filter = () => true, timeoutMs = 10_000) =>
      waitUntil(
        () => {
          const matching = requests.filter(filter);
          return matching.length >= count ? matching : undefined;
        },
        timeoutMs,
        `${count} request(s) to the receiver`,
      ),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const current = receiver.answer;
      res.statusCode = typeof current === 'number' ? current : await current(request);
      if (res.statusCode >= 300 && res.statusCode < 400) res.setHeader('location', receiver.url('/moved'));
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  return receiver;
};

/** Polls `probe` until it gives a value (not undefined), or fails after `timeoutMs` (a net against a
 * hang, widened in CI: hangNet). */
export const waitUntil = async <T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 10_000,
  what = 'the condition',
): Promise<T> => {
  const deadline = Date.now() + hangNet(timeoutMs);
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
};

/** Gives in-flight work a moment to show up when the test asserts that nothing (more) happens. */
export const settle = (ms = 400): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A receiver for a test file: started before its tests and closed after them. The object it
 * returns stands for the one started, so a file declares it once at its top.
 */
export const useReceiver = (answer: Answer = 200): Receiver => {
  let started: Receiver | undefined;
  beforeAll(async () => {
    started = await startReceiver(answer);
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = (): Receiver => {
    if (!started) throw new Error('The receiver starts in beforeAll: use it inside a test.');
    return started;
  };
  return {
    url: (path) => current().url(path),
    get requests() {
      return current().requests;
    },
    get answer() {
      return current().answer;
    },
    set answer(value) {
      current().answer = value;
    },
    waitFor: (count, filter, timeoutMs) => current().waitFor(count, filter, timeoutMs),
    close: () => current().close(),
  };
};
