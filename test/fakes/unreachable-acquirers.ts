import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local port nothing listens on (taken, then let go): every connection to it is refused. */
export const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

/** An acquirer that refuses every request after `ms` (Adyen's 429: nothing was made), counting them. */
export interface SlowRefusal {
  url: string;
  asked: () => number;
  close: () => Promise<void>;
}

export const startSlowRefusal = async (ms: number): Promise<SlowRefusal> => {
  let asked = 0;
  const server = createServer((request, response) => {
    asked++;
    request.resume();
    setTimeout(() => {
      response.writeHead(429, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          status: 429,
          errorCode: '429',
          message: 'Too many requests',
          errorType: 'security',
        }),
      );
    }, ms);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v71`,
    asked: () => asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
