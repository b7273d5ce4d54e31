import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FunctionName } from '@wattle/routes';
import { connectors } from '@wattle/runtime/connectors';
import { build } from 'esbuild';
import { functionAccess } from './access.ts';
import { bundleSettings } from './bundle-settings.ts';

/**
 * Each connector's processor module that loads apart (the registry's `loadedApart`: Adyen's
 * connector with Adyen's library), shipped beside a payment function's bundle instead of inside
 * it: the bundle leaves the module external (the connector's descriptor, which holds no library
 * code, stays in) and the function's asset holds the module in `node_modules/<its package>`,
 * bundled on its own with its library, where Node's resolution of the bundle's `import(<module>)`
 * finds it. NodejsFunction writes one file (esbuild cannot split it), and a library inside that
 * file is parsed at every cold start, even where only test payments (the simulator) ever run;
 * beside it, it is read on a live payment's first call (docs/decisions/0183).
 */
const apart = connectors.flatMap((connector) => (connector.loadedApart ? [connector.loadedApart] : []));

/** The modules the payment functions' bundles leave out: each ships beside the bundle. */
export const connectorModules: readonly string[] = apart.map(({ module }) => module);

/** The functions that reach the processor: they import the connectors, so their assets ship them. */
export const shipsConnector = (fn: FunctionName): boolean => functionAccess[fn].processor === true;

/** `@wattle/adyen/processor` as its package (`@wattle/adyen`) and the export's subpath (`./processor`). */
const packageAndSubpath = (module: string): { packageName: string; subpath: string } => {
  const [scope, name, ...rest] = module.split('/');
  return { packageName: `${scope}/${name}`, subpath: `./${rest.join('/')}` };
};

/**
 * Bundles each connector module into `<functionDir>/node_modules/<its package>` with the
 * function's own settings (ESM for Node 22, minified, with its source map and the `require`
 * banner), with a package.json that exports it as the source package does.
 */
export const buildConnector = async (repoRoot: string, functionDir: string): Promise<void> => {
  for (const { module, packageDir } of apart) {
    const { packageName, subpath } = packageAndSubpath(module);
    const outdir = join(functionDir, 'node_modules', packageName);
    const { exports } = JSON.parse(readFileSync(join(repoRoot, packageDir, 'package.json'), 'utf8')) as {
      exports: Record<string, string>;
    };
    const source = exports[subpath];
    if (!source) throw new Error(`${packageName} exports no ${subpath}`);
    const file = `${subpath.slice(2).replaceAll('/', '-')}.mjs`;
    mkdirSync(outdir, { recursive: true });
    await build({
      absWorkingDir: repoRoot,
      entryPoints: [join(repoRoot, packageDir, source)],
      outfile: join(outdir, file),
      ...bundleSettings,
      logLevel: 'error',
    });
    const manifest = {
      name: packageName,
      private: true,
      type: 'module',
      exports: { [subpath]: `./${file}` },
    };
    writeFileSync(join(outdir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  }
};

/** The shell command CDK runs after bundling a function that ships the connectors (its afterBundling hook). */
export const buildConnectorCommand = (repoRoot: string, outputDir: string): string =>
  `"${process.execPath}" --import tsx "${join(repoRoot, 'infra/build-connector.ts')}" "${outputDir}"`;
