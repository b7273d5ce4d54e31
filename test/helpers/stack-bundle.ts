import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWattle } from '../../packages/npm-package/bundle.mjs';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Where a run's bundle is, for the stacks it starts (startOwnStack); unset, they run from source. */
export const stackBundleVariable = 'WATTLE_TEST_STACK_BUNDLE';

/**
 * The local stack and every handler bundled (as the npm package is: packages/npm-package/bundle.mjs)
 * from this checkout's sources, for the stacks a test run starts in processes of their own: such a
 * stack starts and loads its handlers on a quarter of the CPU that tsx takes to compile and load the
 * sources module by module (about 0.5 s against 2 s on this machine), and a run starts dozens. Made
 * fresh for each run, into a folder of its own under node_modules/.cache (the bundle's few
 * dependencies outside it, DynamoDB Local's jar and the SQS emulator, resolve from there), removed
 * when the run's process exits (and any left by a run that was killed, a day on). Its path goes into
 * the environment, which the run's workers inherit.
 */
export const buildStackBundle = async (): Promise<string> => {
  const parent = join(repoRoot, 'node_modules/.cache/wattle-test-stacks');
  mkdirSync(parent, { recursive: true });
  for (const left of readdirSync(parent)) {
    const path = join(parent, left);
    if (Date.now() - statSync(path).mtimeMs > 86_400_000) rmSync(path, { recursive: true, force: true });
  }
  const outdir = mkdtempSync(join(parent, 'run-'));
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  await bundleWattle({
    outdir,
    entryPoints: { stack: join(repoRoot, 'test/helpers/bundled-stack-main.ts') },
  });
  process.env[stackBundleVariable] = outdir;
  return outdir;
};
