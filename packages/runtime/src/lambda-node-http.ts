import type * as Http from 'node:http';

/**
 * node:http as the Lambda bundles have it: the CDK bundling aliases `node:http` to this module
 * (infra/constructs/client-defines.ts). A static `import … from 'node:http'` in an ES module makes
 * Node build the module's ESM facade at start, which reads every export, and node:http's
 * WebSocket getters then load undici: several milliseconds of every cold start, for the
 * STATUS_CODES table @middy/util imports. `process.getBuiltinModule` hands over the module
 * without a facade. Everywhere else (the local stack, tests) node:http is imported as it is.
 */
const http: typeof Http = process.getBuiltinModule('node:http');

// What the bundled code takes from node:http (esbuild fails the build on a name missing here).
export const { Agent, request, STATUS_CODES } = http;
export default http;
