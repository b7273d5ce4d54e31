// `npm run wattle`: the CLI as built by esbuild (packages/npm-package/cli-bundle.mjs), not compiled
// by tsx on every start. Built on install; built again here, first, when a file it was built from
// changed since (an edit to packages/cli, or to a package it imports), so it never runs stale code.
import { pathToFileURL } from 'node:url';
import { buildCli, freshCli } from '../packages/npm-package/cli-bundle.mjs';

let entry = freshCli();
if (!entry) {
  // On stderr, so `eval "$(npm run -s wattle -- env)"` reads only the variables.
  console.error('Building the CLI (its sources changed since the last build)...');
  entry = await buildCli();
}
await import(pathToFileURL(entry).href);
