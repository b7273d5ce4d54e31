import type * as Http from 'node:http';

/**
 * node:http as the Lambda bundles have it: the CDK bundling aliases `node:http` to this module
 * (infra/constructs/client-defines.ts). A static `import … from 'node:http'` in an ES module makes
 * Node build the module's ESM facade at start, which reads every export, and node:http's
 * WebSocket getters then load undici: several milliseconds of every cold start, for the
 * STATUS_CODES table @middy/util imports. Here node:http is loaded at its first use, through
 * `process.getBuiltinModule`, which hands the module over without a facade; the AWS SDK imports it
 * only for an http:// endpoint. Everywhere else (the local stack, tests) node:http is itself.
 */
const http = (): typeof Http => process.getBuiltinModule('node:http');

/** An object whose properties are read from `target()` when first read, not before. */
const onFirstRead = <T extends object>(target: () => T): T =>
  new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    has: (_, key) => Reflect.has(target(), key),
  });

// What the bundled code takes from node:http (esbuild fails the build on a name missing here).
export const STATUS_CODES = onFirstRead(() => http().STATUS_CODES);
export default onFirstRead(http);
