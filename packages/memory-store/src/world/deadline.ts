import { Unavailable } from '@wattle/ports';

/**
 * `repository` bound by the work's deadline as the DynamoDB store's calls are (each carries the
 * deadline's signal, and one stopped by it fails with Unavailable('deadline')): each of its methods,
 * called once `timeLeft()` is spent, fails with Unavailable('deadline') instead of answering. So
 * a flow that leaves itself no time to write (after a slow outside call, say) fails on the memory
 * engine as it would on DynamoDB. One check per call: the methods are wrapped once, on the
 * instance, not through a Proxy.
 */
export const boundByDeadline = <R extends object>(repository: R, timeLeft: () => number): R => {
  const wrapped = new Set<string>();
  for (let proto = Object.getPrototypeOf(repository); proto && proto !== Object.prototype; ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const method = (proto as Record<string, unknown>)[name];
      if (name === 'constructor' || wrapped.has(name) || typeof method !== 'function') continue;
      wrapped.add(name);
      const asynchronous = method.constructor.name === 'AsyncFunction';
      Object.defineProperty(repository, name, {
        configurable: true,
        writable: true,
        value: function withinDeadline(this: unknown, ...args: unknown[]) {
          if (timeLeft() <= 0) {
            const refusal = new Unavailable('deadline');
            if (asynchronous) return Promise.reject(refusal);
            throw refusal;
          }
          return method.apply(this, args);
        },
      });
    }
    proto = Object.getPrototypeOf(proto);
  }
  return repository;
};
