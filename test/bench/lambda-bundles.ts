/**
 * Each function bundled as `cdk deploy` bundles it (infra/constructs/function.ts: esbuild, ESM,
 * node22, minified, source map, the AWS SDK inside, the `require` banner), into a temporary
 * directory, and its cold initialisation: a fresh Node 22 process importing the bundle, timed to
 * the module evaluated. Beside them, baselines: a minimal handler importing the SDK clients a
 * function's access would take with the SDK alone (constructed lazily at the first request, as the
 * functions do: baselinePackagesOf), and one importing nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type FunctionName, functionEntry, functionNames } from '@wattle/routes';
import { type BuildOptions, build } from 'esbuild';
import { functionAccess } from '../../infra/constructs/access.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The banner of infra/constructs/function.ts (checked against that file below). */
const requireShim = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/** What NodejsFunction passes esbuild for the options in infra/constructs/function.ts. */
export const cdkOptions: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  minify: true,
  sourcemap: true,
  mainFields: ['module', 'main'],
  banner: { js: requireShim },
  external: [],
  metafile: true,
  logLevel: 'silent',
};

/** Warns when infra/constructs/function.ts no longer says what cdkOptions assume. */
export const bundlingDrift = (): string[] => {
  const source = readFileSync(join(repoRoot, 'infra/constructs/function.ts'), 'utf8');
  const expected = [
    requireShim,
    'format: OutputFormat.ESM',
    'minify: true',
    'sourceMap: true',
    "mainFields: ['module', 'main']",
    'bundleAwsSDK: true',
    'Runtime.NODEJS_22_X',
  ];
  return expected.filter((text) => !source.includes(text));
};

/** SDK packages a bundle holds, with the client each one exports. */
const sdkClients: Record<string, string> = {
  '@aws-sdk/client-dynamodb': 'DynamoDBClient',
  '@aws-sdk/lib-dynamodb': 'DynamoDBDocumentClient',
  '@aws-sdk/client-dynamodb-streams': 'DynamoDBStreamsClient',
  '@aws-sdk/client-kms': 'KMSClient',
  '@aws-sdk/client-sqs': 'SQSClient',
  // No function's since the files function signs its few S3 requests itself (s3-requests.ts):
  // kept so a bundle that took it in again shows, beside its own baseline.
  '@aws-sdk/client-s3': 'S3Client',
};

/**
 * The SDK packages of a function's baseline: the clients its access (infra/constructs/access.ts)
 * would take with the SDK alone: DynamoDB's for the table, KMS's for the card key, SQS's for a
 * queue, S3's for the files bucket. The bundles hold none of them: the functions call these
 * services over their JSON protocols (@wattle/aws-json) and sign S3's few requests themselves.
 */
export const baselinePackagesOf = (fn: string): string[] => {
  const access = functionAccess[fn as FunctionName];
  if (!access) return [];
  const wanted = new Set([
    ...(access.table.length > 0 ? ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'] : []),
    ...(access.cardKey ? ['@aws-sdk/client-kms'] : []),
    ...((access.sendTo ?? []).length > 0 ? ['@aws-sdk/client-sqs'] : []),
    ...(access.filesBucket ? ['@aws-sdk/client-s3'] : []),
  ]);
  return Object.keys(sdkClients).filter((p) => wanted.has(p));
};

export interface InitTiming {
  /** Median time to import the bundle, from the import call to the module evaluated. */
  importMs: number;
  /** Median CPU time (user + system) of that import: less moved by other load than the wall time. */
  cpuMs: number;
  /** Median time from the process start to the module evaluated (Node's own start included). */
  sinceStartMs: number;
}

export interface BundleResult {
  name: string;
  bytes: number;
  gzipBytes: number;
  /** The source map beside it (shipped too, and read at start with --enable-source-maps). */
  mapBytes: number;
  sdkPackages: string[];
  /** With NODE_OPTIONS=--enable-source-maps, as the functions run in AWS. */
  withSourceMaps: InitTiming;
  withoutSourceMaps: InitTiming;
  error?: string;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** The environment a function starts with in AWS, with fake credentials and nothing of ours. */
const lambdaEnvironment = (sourceMaps: boolean): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  WATTLE_TABLE_NAME: 'wattle',
  WATTLE_LOG_LEVEL: 'INFO',
  AWS_REGION: 'ap-southeast-2',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  ...(sourceMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
});

const importOnce = (file: string, sourceMaps: boolean): Promise<InitTiming> =>
  new Promise((resolve, reject) => {
    const script =
      'const c0 = process.cpuUsage(); const t0 = performance.now();' +
      `await import(${JSON.stringify(pathToFileURL(file).href)});` +
      'const t1 = performance.now(); const c = process.cpuUsage(c0);' +
      'process.stdout.write(JSON.stringify({ importMs: t1 - t0, cpuMs: (c.user + c.system) / 1000, sinceStartMs: t1 }));';
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: lambdaEnvironment(sourceMaps),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as InitTiming)
        : reject(new Error(`import failed (${code}): ${err}`)),
    );
  });

const medianOf = (timings: InitTiming[]): InitTiming => ({
  importMs: median(timings.map((t) => t.importMs)),
  cpuMs: median(timings.map((t) => t.cpuMs)),
  sinceStartMs: median(timings.map((t) => t.sinceStartMs)),
});

/** How a minimal handler makes each client (lazily, at its first request, as the functions do). */
const construct: Record<string, string> = {
  '@aws-sdk/client-dynamodb': 'new DynamoDBClient({})',
  '@aws-sdk/lib-dynamodb': 'DynamoDBDocumentClient.from(new DynamoDBClient({}))',
  '@aws-sdk/client-dynamodb-streams': 'new DynamoDBStreamsClient({})',
  '@aws-sdk/client-kms': 'new KMSClient({})',
  '@aws-sdk/client-sqs': 'new SQSClient({})',
  '@aws-sdk/client-s3': 'new S3Client({})',
};

const baselineSource = (packages: string[]): string => {
  const imports = packages.map((p) => `import { ${sdkClients[p]} } from '${p}';`);
  if (packages.includes('@aws-sdk/lib-dynamodb') && !packages.includes('@aws-sdk/client-dynamodb'))
    imports.push("import { DynamoDBClient } from '@aws-sdk/client-dynamodb';");
  return `${imports.join('\n')}
let clients;
export const handler = async () => {
  clients ??= [${packages.map((p) => construct[p]).join(', ')}];
  return { statusCode: 200, body: String(clients.length) };
};
`;
};

interface Built {
  name: string;
  outfile?: string;
  sdkPackages: string[];
  error?: string;
}

const bundle = async (name: string, entry: BuildOptions, outDir: string): Promise<Built> => {
  const outfile = join(outDir, name.replace(/\W+/g, '-'), 'index.mjs');
  try {
    const built = await build({ ...cdkOptions, ...entry, outfile });
    // What the bundle holds: an input tree-shaken to nothing (a client behind a dead branch) is not in it.
    const output = Object.values(built.metafile?.outputs ?? {}).find((o) => o.entryPoint);
    const inputs = Object.entries(output?.inputs ?? {})
      .filter(([, held]) => held.bytesInOutput > 0)
      .map(([input]) => input);
    const sdkPackages = Object.keys(sdkClients).filter((p) =>
      inputs.some((i) => i.includes(`node_modules/${p}/`)),
    );
    return { name, outfile, sdkPackages };
  } catch (error) {
    return { name, sdkPackages: [], error: (error as Error).message.split('\n')[0] };
  }
};

/** Cold starts of every bundle, round after round (so a burst of other load falls on all alike). */
const coldStarts = async (built: Built[], runs: number): Promise<BundleResult[]> => {
  const timings = built.map(() => ({ with: [] as InitTiming[], without: [] as InitTiming[], error: '' }));
  for (let run = 0; run < runs; run++) {
    for (const [i, b] of built.entries()) {
      const t = timings[i] as (typeof timings)[number];
      if (!b.outfile || t.error) continue;
      try {
        t.with.push(await importOnce(b.outfile, true));
        t.without.push(await importOnce(b.outfile, false));
      } catch (error) {
        t.error = (error as Error).message.split('\n')[0] ?? 'import failed';
      }
    }
  }
  return built.map((b, i) => {
    const t = timings[i] as (typeof timings)[number];
    const error = b.error ?? (t.error || undefined);
    const file = b.outfile && !error ? b.outfile : undefined;
    return {
      name: b.name,
      bytes: file ? statSync(file).size : 0,
      gzipBytes: file ? gzipSync(readFileSync(file)).length : 0,
      mapBytes: file ? statSync(`${file}.map`).size : 0,
      sdkPackages: b.sdkPackages,
      withSourceMaps: medianOf(t.with),
      withoutSourceMaps: medianOf(t.without),
      ...(error ? { error } : {}),
    };
  });
};

export interface BundleReport {
  functions: BundleResult[];
  baselines: BundleResult[];
}

export interface BundleBenchOptions {
  /** Only these functions (and their baselines): for iterating on one (test/bench/bundles.ts). */
  only?: string[];
  /** Bundle into this directory and leave it there (to profile a bundle); a temporary one otherwise. */
  outDir?: string;
}

export const benchBundles = async (
  runs: number,
  log: (line: string) => void,
  options: BundleBenchOptions = {},
): Promise<BundleReport> => {
  const outDir = options.outDir ?? mkdtempSync(join(tmpdir(), 'wattle-bundles-'));
  const names = functionNames.filter((fn) => !options.only?.length || options.only.includes(fn));
  try {
    log(`  bundling ${names.length} functions`);
    const functions = await Promise.all(
      names.map((fn) => bundle(fn, { entryPoints: [join(repoRoot, functionEntry(fn))] }, outDir)),
    );
    // Baselines: nothing, only the DynamoDB clients, and each set of SDK packages a function holds.
    const sets = new Map<string, string[]>([['', []]]);
    for (const f of functions) {
      const packages = baselinePackagesOf(f.name);
      if (!f.error) sets.set(packages.join(' + '), packages);
    }
    const baselines = await Promise.all(
      [...sets.values()].map((packages) =>
        bundle(
          `baseline: ${packages.length ? packages.join(' + ').replaceAll('@aws-sdk/', '') : 'no SDK'}`,
          {
            stdin: {
              contents: baselineSource(packages),
              resolveDir: repoRoot,
              sourcefile: 'baseline.mjs',
              loader: 'js',
            },
          },
          outDir,
        ),
      ),
    );
    log(`  ${runs} cold starts of each, with and without source maps`);
    const results = await coldStarts([...functions, ...baselines], runs);
    return { functions: results.slice(0, functions.length), baselines: results.slice(functions.length) };
  } finally {
    if (!options.outDir) rmSync(outDir, { recursive: true, force: true });
  }
};
