import type { BuildResult, Plugin } from 'esbuild';

/** Bundles `entryPoints` (name → source file) and every function's handler into `outdir` (bundle.mjs). */
export declare const bundleWattle: (options: {
  outdir: string;
  entryPoints: Record<string, string>;
  plugins?: Plugin[];
}) => Promise<BuildResult>;
