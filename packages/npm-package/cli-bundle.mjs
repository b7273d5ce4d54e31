// The repository's own CLI (`npm run wattle`), built once with esbuild instead of compiled by tsx
// on every start, into node_modules/.cache/wattle-cli/. current.json names the build to run and
// the workspace's sources it was built from, as esbuild read them. The package's build (build.mjs)
// makes it on install; scripts/wattle.mjs makes it again before it runs when one of those files
// (or an install) is newer than the build, so an edit to packages/cli (or to a package it
// imports) is never run stale.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeEsmSettings } from './esbuild-settings.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** Where `npm run wattle`'s builds are (a test gives a directory of its own). */
export const cliCacheDir = join(root, 'node_modules/.cache/wattle-cli');
/**
 * What the build depends on beside the workspace's own sources: this file and its esbuild settings, and the installed
 * libraries, which npm rewrites node_modules/.package-lock.json for on every install (stat'ing each
 * library file esbuild read, about 1,300 of them, would cost a start more than the rest of it).
 */
const buildFiles = [
  fileURLToPath(import.meta.url),
  fileURLToPath(new URL('./esbuild-settings.mjs', import.meta.url)),
  join(root, 'package-lock.json'),
  join(root, 'node_modules/.package-lock.json'),
];

/** How long an older build is kept beside the current one. */
const keepBuildsMs = 10 * 60_000;

/**
 * The built CLI's entry file, or null when there is none or one of the files it was built from
 * (or this build's own) is newer than it: then buildCli makes it again.
 */
export const freshCli = (cacheDir = cliCacheDir) => {
  let current;
  try {
    current = JSON.parse(readFileSync(join(cacheDir, 'current.json'), 'utf8'));
    for (const file of [...current.inputs, ...buildFiles])
      if (statSync(file).mtimeMs > current.startedAt) return null;
  } catch {
    return null;
  }
  return current.entry;
};

/**
 * Builds packages/cli/src/main.ts into a directory of its own under node_modules/.cache/wattle-cli
 * and answers its entry file. A run that started from the build before goes on reading its own
 * directory (its lazily loaded chunks included): only older builds are removed.
 */
export const buildCli = async (cacheDir = cliCacheDir) => {
  const { build } = await import('esbuild');
  const currentFile = join(cacheDir, 'current.json');
  const startedAt = Date.now();
  const name = `${startedAt}-${process.pid}`;
  const outdir = join(cacheDir, name);
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: join(root, 'packages/cli/src/main.ts') },
    outdir,
    ...nodeEsmSettings,
    metafile: true,
  });
  const entry = join(outdir, 'main.js');
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes(':'))
    .map((input) => resolve(root, input))
    .filter((input) => !input.includes(`${sep}node_modules${sep}`));
  // Written whole, then renamed over: a run reading it at the same time sees the old or the new.
  const written = join(cacheDir, `current-${name}.json`);
  writeFileSync(written, `${JSON.stringify({ entry, startedAt, inputs })}\n`);
  let previous = null;
  try {
    previous = JSON.parse(readFileSync(currentFile, 'utf8')).entry;
  } catch {
    // The first build.
  }
  renameSync(written, currentFile);
  // Older builds go, but not one made in the last minutes: another run may be building it (two
  // commands started at once after an edit) or running from it still.
  for (const dir of readdirSync(cacheDir)) {
    const path = join(cacheDir, dir);
    if (path === outdir || previous?.startsWith(`${path}/`)) continue;
    const stat = statSync(path);
    if (stat.isDirectory() && startedAt - stat.mtimeMs > keepBuildsMs)
      rmSync(path, { recursive: true, force: true });
  }
  return entry;
};
