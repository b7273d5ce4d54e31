/** Where `npm run wattle`'s builds are: node_modules/.cache/wattle-cli (cli-bundle.mjs). */
export declare const cliCacheDir: string;
/** The built CLI's entry file, or null when it is missing or older than a file it was built from. */
export declare const freshCli: (cacheDir?: string) => string | null;
/** Builds packages/cli/src/main.ts into a directory of its own under `cacheDir`; answers its entry file. */
export declare const buildCli: (cacheDir?: string) => Promise<string>;
