// The esbuild settings of every ESM bundle the repository builds for Node (the npm package's stack
// and handlers, bundle.mjs, and `npm run wattle`'s CLI, cli-bundle.mjs): written once, so the two
// cannot drift in their target, module format or the `require` they give CommonJS libraries.

/** @satisfies {import('esbuild').BuildOptions} */
export const nodeEsmSettings = {
  bundle: true,
  // Shared code goes into chunks beside the entry points (and lazily loaded parts into their own).
  splitting: true,
  format: 'esm',
  platform: 'node',
  // The oldest Node the package runs on (its engines: decision 198); the repository's Node 22 too.
  target: 'node20.16',
  chunkNames: 'chunk-[hash]',
  // The libraries' ESM builds where they have one: a split chunk of a CommonJS module, imported
  // dynamically (the AWS SDK's clients are), shows only its default export (esbuild issue 3245).
  mainFields: ['module', 'main'],
  // ESM bundles of CommonJS libraries need `require` (the functions' Lambda bundles do the same).
  banner: {
    js: "import { createRequire as wattleRequire } from 'node:module'; const require = wattleRequire(import.meta.url);",
  },
  logLevel: 'warning',
};
