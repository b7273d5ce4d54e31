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
 * finds it. A function's bundle is one file (esbuild cannot split it), and a library inside that
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

/** Each connector module's source, and where it lands under a function's folder (no extension: `.mjs`). */
const connectorFiles = (repoRoot: string) =>
  apart.map(({ module, packageDir }) => {
    const { packageName, subpath } = packageAndSubpath(module);
    const { exports } = JSON.parse(readFileSync(join(repoRoot, packageDir, 'package.json'), 'utf8')) as {
      exports: Record<string, string>;
    };
    const source = exports[subpath];
    if (!source) throw new Error(`${packageName} exports no ${subpath}`);
    const name = subpath.slice(2).replaceAll('/', '-');
    return { packageName, subpath, name, source: join(repoRoot, packageDir, source) };
  });

/**
 * The connectors as esbuild entry points, each out at `node_modules/<its package>/<subpath>` under
 * `underDir` (a function's folder, or any folder copied into one): bundled with the functions' own
 * settings (ESM for Node 22, minified, with its source map and the `require` banner).
 */
export const connectorEntryPoints = (repoRoot: string, underDir = ''): { in: string; out: string }[] =>
  connectorFiles(repoRoot).map(({ packageName, name, source }) => ({
    in: source,
    out: join(underDir, 'node_modules', packageName, name),
  }));

/** Beside each bundled connector under `dir`, a package.json that exports it as the source package does. */
export const writeConnectorManifests = (repoRoot: string, dir: string): void => {
  for (const { packageName, subpath, name } of connectorFiles(repoRoot)) {
    const manifest = {
      name: packageName,
      private: true,
      type: 'module',
      exports: { [subpath]: `./${name}.mjs` },
    };
    mkdirSync(join(dir, 'node_modules', packageName), { recursive: true });
    writeFileSync(
      join(dir, 'node_modules', packageName, 'package.json'),
      `${JSON.stringify(manifest, null, 2)}\n`,
    );
  }
};

/** Bundles the connectors into `<functionDir>/node_modules` on their own (the bundle bench's functions). */
export const buildConnector = async (repoRoot: string, functionDir: string): Promise<void> => {
  await build({
    ...bundleSettings,
    absWorkingDir: repoRoot,
    entryPoints: connectorEntryPoints(repoRoot),
    outdir: functionDir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'error',
  });
  writeConnectorManifests(repoRoot, functionDir);
};
