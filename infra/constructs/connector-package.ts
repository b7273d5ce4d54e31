import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FunctionName } from '@wattle/routes';
import { build } from 'esbuild';
import { functionAccess } from './access.ts';
import { bundleSettings } from './bundle-settings.ts';

const packageName = '@wattle/adyen';
const subpath = './processor';

/**
 * Adyen's connector, shipped beside a payment function's bundle instead of inside it: the bundle
 * leaves `@wattle/adyen/processor` external (its `./config`, which holds no library code, stays
 * in) and the function's asset holds the module in `node_modules/@wattle/adyen`, bundled on its
 * own with Adyen's library, where Node's resolution of the bundle's `import('@wattle/adyen/processor')`
 * finds it. NodejsFunction writes one file (esbuild cannot split it), and a library inside that
 * file is parsed at every cold start, even where only test payments (the simulator) ever run;
 * beside it, it is read on a live payment's first call (docs/decisions/0183).
 */
export const connectorModule = `${packageName}/${subpath.slice(2)}`;

/** The functions that reach the processor: they import the connector, so their assets ship it. */
export const shipsConnector = (fn: FunctionName): boolean => functionAccess[fn].processor === true;

/**
 * Bundles the connector into `<functionDir>/node_modules/@wattle/adyen` with the function's own
 * settings (ESM for Node 22, minified, with its source map and the `require` banner), with a
 * package.json that exports it as the source package does.
 */
export const buildConnector = async (repoRoot: string, functionDir: string): Promise<void> => {
  const outdir = join(functionDir, 'node_modules', packageName);
  const { exports } = JSON.parse(readFileSync(join(repoRoot, 'packages/adyen/package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  const source = exports[subpath];
  if (!source) throw new Error(`${packageName} exports no ${subpath}`);
  mkdirSync(outdir, { recursive: true });
  await build({
    absWorkingDir: repoRoot,
    entryPoints: [join(repoRoot, 'packages/adyen', source)],
    outfile: join(outdir, 'processor.mjs'),
    ...bundleSettings,
    logLevel: 'error',
  });
  const manifest = {
    name: packageName,
    private: true,
    type: 'module',
    exports: { [subpath]: './processor.mjs' },
  };
  writeFileSync(join(outdir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
};

/** The shell command CDK runs after bundling a function that ships the connector (its afterBundling hook). */
export const buildConnectorCommand = (repoRoot: string, outputDir: string): string =>
  `"${process.execPath}" --import tsx "${join(repoRoot, 'infra/build-connector.ts')}" "${outputDir}"`;
