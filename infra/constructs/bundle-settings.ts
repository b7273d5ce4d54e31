import type { BuildOptions } from 'esbuild';

/** ESM bundles of CJS dependencies need `require` (TECH-NOTES §9.2): the banner every bundle starts with. */
export const requireShim =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * What esbuild is given for every bundle of a function's asset: what NodejsFunction passes it for
 * the bundling options of function.ts (the bench checks that file still says so: bundlingDrift),
 * and what the connector beside a payment function's bundle is built with (connector-package.ts).
 */
export const bundleSettings: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  minify: true,
  sourcemap: true,
  mainFields: ['module', 'main'],
  banner: { js: requireShim },
};
