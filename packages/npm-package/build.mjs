// The npm package's build: the wattle command, startWattle and every function's handler bundled
// into dist/ (bundle.mjs), so the installed package needs neither this repository nor tsx. The types
// of startWattle: tsc, into dist/index.d.ts. The root runs it as `prepack` (`npm pack`) and as
// `postprepare` (`npm install` and `npm ci` here, and the install npm runs in its clone for a git
// URL), never as `prepare`: the tarball carries the root's scripts, and npm asks a project to
// approve a `prepare` there (decision 198).
import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWattle } from './bundle.mjs';
import { buildCli } from './cli-bundle.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const here = fileURLToPath(new URL('./', import.meta.url));
const dist = join(root, 'dist');

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
await bundleWattle({
  outdir: dist,
  entryPoints: { bin: join(here, 'src/bin.ts'), index: join(here, 'src/index.ts') },
  plugins: [commandName],
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
// The repository's own `npm run wattle`, built once here too (scripts/wattle.mjs rebuilds it when stale).
await buildCli();
