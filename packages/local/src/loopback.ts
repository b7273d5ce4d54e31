import { Server } from 'node:net';

/** Where every part of the local stack listens: nothing of it is reachable from another machine. */
export const loopbackHost = '127.0.0.1';

const allInterfaces = new Set(['0.0.0.0', '::', '']);

/**
 * Runs `start` with every listen on all interfaces turned into a listen on loopback. fauxqs 2.4
 * hard-codes `host: '0.0.0.0'` in startFauxqs (its own `host` option only names the host of queue
 * URLs), so this is the one way to keep the SQS emulator off the network. The patch is undone as
 * soon as `start` settles; another listen in that window can only become narrower.
 */
export const listeningOnLoopback = async <T>(start: () => Promise<T>): Promise<T> => {
  const original = Server.prototype.listen;
  Server.prototype.listen = function (this: Server, ...args: unknown[]) {
    const [options] = args;
    if (typeof options === 'object' && options !== null && 'host' in options) {
      const { host } = options as { host?: unknown };
      if (typeof host === 'string' && allInterfaces.has(host)) args[0] = { ...options, host: loopbackHost };
    }
    return (original as (...a: unknown[]) => Server).apply(this, args);
  } as typeof original;
  try {
    return await start();
  } finally {
    Server.prototype.listen = original;
  }
};
