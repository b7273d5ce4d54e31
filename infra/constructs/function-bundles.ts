import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type FunctionName, functionEntry, functionNames } from '@wattle/routes';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { type BuildOptions, buildSync } from 'esbuild';
import { bundleSettings } from './bundle-settings.ts';
import {
  connectorEntryPoints,
  connectorModules,
  shipsConnector,
  writeConnectorManifests,
} from './connector-package.ts';

/** The folder, in a build's output directory, of a function's bundle (`index.mjs` and its map). */
export const functionBundleDir = (outdir: string, fn: FunctionName): string => join(outdir, `function-${fn}`);

/** The folder, in a build's output directory, holding the connectors' `node_modules`. */
const connectorsDir = (outdir: string): string => join(outdir, 'function-connectors');

/**
 * What esbuild is given to build every function's bundle and the connectors in one run: each entry
 * point is still a bundle of its own, self-contained (no code splitting) and tree-shaken on its own,
 * but esbuild starts once and the sources the functions share are read and parsed once, not once
 * per function. The payment functions leave the connectors out (connector-package.ts); the others
 * do not import them.
 */
export const functionBuildOptions = (repoRoot: string, outdir: string): BuildOptions => ({
  ...bundleSettings,
  absWorkingDir: repoRoot,
  entryPoints: [
    ...functionNames.map((fn) => ({
      in: join(repoRoot, functionEntry(fn)),
      out: join(functionBundleDir('', fn), 'index'),
    })),
    ...connectorEntryPoints(repoRoot, connectorsDir('')),
  ],
  outdir,
  outExtension: { '.js': '.mjs' },
  external: [...connectorModules],
  logLevel: 'error',
});

/** After the build: the connectors' package.json files beside them. */
export const completeFunctionBuild = (repoRoot: string, outdir: string): void =>
  writeConnectorManifests(repoRoot, connectorsDir(outdir));

/** Copies a function's asset out of a build: its bundle, and the connectors if it reaches the processor. */
export const copyFunctionAsset = (outdir: string, fn: FunctionName, functionDir: string): void => {
  cpSync(functionBundleDir(outdir, fn), functionDir, { recursive: true });
  if (shipsConnector(fn)) cpSync(connectorsDir(outdir), functionDir, { recursive: true });
};

/**
 * The functions' code for one stack, as assets CDK bundles locally (no Docker), all from one
 * esbuild run made when CDK asks for the first asset. Each function's asset holds only its own
 * bundle (`index.mjs`, handler `index.handler`, and its source map), with the connectors beside
 * it for the payment functions, and is hashed by that output, as NodejsFunction's was. Where a
 * stack is synthesized without bundling (the infra tests: `aws:cdk:bundling-stacks`), nothing is
 * built.
 *
 * The build runs in a folder of the cloud assembly (where CDK bundles each asset), removed when the
 * synthesis ends: each source map names the sources by paths relative to it, the same at every
 * synthesis into the same place, so an unchanged function keeps its asset's hash.
 */
export class FunctionBundles {
  private outdir: string | undefined;

  constructor(private readonly repoRoot: string) {}

  /**
   * A function's code: its asset, bundled from the one build (started by the first asset asked for).
   * The asset's source is the function's folder, though nothing is read from it: the hash is the
   * output's.
   */
  code(fn: FunctionName): Code {
    return Code.fromAsset(join(this.repoRoot, dirname(dirname(functionEntry(fn)))), {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        // Never used: the local bundling below always bundles (or throws, failing the synthesis).
        image: DockerImage.fromRegistry('dummy'),
        local: {
          tryBundle: (outputDir: string) => {
            copyFunctionAsset(this.build(dirname(outputDir)), fn, outputDir);
            return true;
          },
        },
      },
    });
  }

  private build(assetOutdir: string): string {
    if (this.outdir) return this.outdir;
    const outdir = join(assetOutdir, `function-bundles-${process.pid}`);
    this.outdir = outdir;
    // The build's folder is not an asset: gone when the synthesis is.
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
    buildSync(functionBuildOptions(this.repoRoot, outdir));
    completeFunctionBuild(this.repoRoot, outdir);
    return outdir;
  }
}
