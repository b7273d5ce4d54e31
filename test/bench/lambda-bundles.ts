/**
 * Each function bundled as `cdk deploy` bundles it (infra/constructs/function-bundles.ts: esbuild, ESM,
 * node22, minified, source map, the AWS SDK inside, the `require` banner), into a temporary
 * directory, and its cold start: a fresh Node 22 process importing the bundle, timed to the module
 * evaluated, then its first invocation, timed to its answer, whose first AWS call (the API key's
 * GetItem, the scheduler's first Query) goes to a stand-in DynamoDB in this process that answers
 * every call with nothing found. Beside them, baselines: a bare handler importing the SDK clients
 * the function's access takes (baselinePackagesOf) and Powertools' Logger, which at its first
 * invocation makes the clients and the same first AWS call and logs one line; and one importing
 * nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type FunctionName, functionEntry, functionNames, routesOf } from '@wattle/routes';
import { type BuildOptions, build } from 'esbuild';
import { functionAccess } from '../../infra/constructs/access.ts';
import { bundleSettings } from '../../infra/constructs/bundle-settings.ts';
import {
  buildConnector,
  connectorModules,
  shipsConnector,
} from '../../infra/constructs/connector-package.ts';
import { median } from './load.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** What the stack gives esbuild for each function's bundle (infra/constructs/function-bundles.ts). */
export const cdkOptions: BuildOptions = {
  ...bundleSettings,
  external: [],
  metafile: true,
  logLevel: 'silent',
};

/** SDK packages a bundle holds, with the client each one exports. */
const sdkClients: Record<string, string> = {
  '@aws-sdk/client-dynamodb': 'DynamoDBClient',
  '@aws-sdk/lib-dynamodb': 'DynamoDBDocumentClient',
  '@aws-sdk/client-dynamodb-streams': 'DynamoDBStreamsClient',
  '@aws-sdk/client-kms': 'KMSClient',
  '@aws-sdk/client-sqs': 'SQSClient',
  '@aws-sdk/client-s3': 'S3Client',
  '@aws-sdk/client-secrets-manager': 'SecretsManagerClient',
};

/**
 * The SDK packages of a function's baseline: the clients its access (infra/constructs/access.ts)
 * takes: DynamoDB's for the table, KMS's for the card key, SQS's for a queue, S3's for the files
 * bucket, Secrets Manager's for the live processor's secret (the bundles hold them too, with what
 * the functions do besides).
 */
export const baselinePackagesOf = (fn: string): string[] => {
  const access = functionAccess[fn as FunctionName];
  if (!access) return [];
  const wanted = new Set([
    ...(access.table.length > 0 ? ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'] : []),
    ...(access.cardKey ? ['@aws-sdk/client-kms'] : []),
    ...((access.sendTo ?? []).length > 0 ? ['@aws-sdk/client-sqs'] : []),
    ...(access.filesBucket ? ['@aws-sdk/client-s3'] : []),
    ...(access.processor ? ['@aws-sdk/client-secrets-manager'] : []),
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
  /** Median time of the first invocation, from the call to the answer (its first AWS call in it). */
  firstCallMs: number;
  /** Median CPU time of that first invocation. */
  firstCallCpuMs: number;
  /** The DynamoDB calls that first invocation made (the stand-in counts them). */
  awsCalls: number;
}

/** The first AWS call a function's first invocation makes (none: not-found, an empty batch). */
type FirstCall = 'GetItem' | 'Query' | null;

/**
 * What a function's first invocation is, in this bench: an API function gets a request to its
 * first route (a GET where it has one) with a secret key, whose lookup is its first AWS call; the
 * scheduler its minute's event, its first call a Query of due jobs; the queue and stream consumers
 * an empty batch; not-found any path.
 */
const firstInvocationOf = (fn: string): { event: unknown; firstCall: FirstCall } => {
  if (fn === 'scheduler') return { event: { source: 'aws.events' }, firstCall: 'Query' };
  if (fn === 'webhook-delivery' || fn === 'expired-items') return { event: { Records: [] }, firstCall: null };
  const routes = routesOf(fn as FunctionName);
  const route = routes.find((r) => r.method === 'GET') ?? routes[0];
  const path = `/test${(route?.path ?? '/1/nothing').replace(/\{(\w+)\}/g, (_, name: string) => `${name}_1`)}`;
  const method = route?.method ?? 'GET';
  return {
    event: {
      version: '2.0',
      routeKey: `${method} ${path}`,
      rawPath: path,
      rawQueryString: '',
      headers: {
        host: 'api.example',
        authorization: `Basic ${Buffer.from('sk_test_0000000000000000000000:').toString('base64')}`,
      },
      requestContext: {
        accountId: '000000000000',
        http: { method, path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 'bench' },
        requestId: 'bench-1',
        routeKey: `${method} ${path}`,
        stage: 'test',
      },
      isBase64Encoded: false,
    },
    firstCall: route ? 'GetItem' : null,
  };
};

/** A DynamoDB that answers every call at once with nothing found (the first calls' stand-in). */
interface StandIn {
  endpoint: string;
  server: Server;
  /** Calls answered so far (one child runs at a time, so a child's are the difference). */
  calls: () => number;
}

const standInDynamoDb = async (): Promise<StandIn> => {
  let calls = 0;
  const answer = JSON.stringify({ Items: [], Count: 0, ScannedCount: 0, Responses: {}, UnprocessedKeys: {} });
  const server = createServer((request, response) => {
    calls++;
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'bench' });
      response.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    server,
    calls: () => calls,
  };
};

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

/**
 * The environment a function starts with in AWS, with fake credentials and nothing of ours but
 * the table's name; DynamoDB is the stand-in.
 */
const lambdaEnvironment = (sourceMaps: boolean, dynamoDb: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  WATTLE_TABLE_NAME: 'wattle',
  WATTLE_LOG_LEVEL: 'INFO',
  AWS_REGION: 'ap-southeast-2',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_ENDPOINT_URL_DYNAMODB: dynamoDb,
  // The files function's bucket: its S3 client is made at the first invocation, nothing is sent.
  WATTLE_FILES_BUCKET: 'wattle-files',
  ...(sourceMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
});

/** The line the child writes its timings on (its logs go to stdout too). */
const timingsMark = 'BENCH-TIMINGS ';

const importOnce = (
  file: string,
  event: unknown,
  sourceMaps: boolean,
  dynamoDb: string,
): Promise<Omit<InitTiming, 'awsCalls'>> =>
  new Promise((resolve, reject) => {
    const context = {
      functionName: 'bench',
      functionVersion: '$LATEST',
      invokedFunctionArn: 'arn:aws:lambda:ap-southeast-2:000000000000:function:bench',
      memoryLimitInMB: '512',
      awsRequestId: 'bench-1',
    };
    const script =
      'const c0 = process.cpuUsage(); const t0 = performance.now();' +
      `const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)});` +
      'const t1 = performance.now(); const c1 = process.cpuUsage(c0);' +
      `await handler(${JSON.stringify(event)}, { ...${JSON.stringify(context)}, getRemainingTimeInMillis: () => 29000 });` +
      'const t2 = performance.now(); const c2 = process.cpuUsage(c0);' +
      `process.stdout.write('\\n${timingsMark}' + JSON.stringify({ importMs: t1 - t0, cpuMs: (c1.user + c1.system) / 1000, sinceStartMs: t1,` +
      ' firstCallMs: t2 - t1, firstCallCpuMs: (c2.user + c2.system - c1.user - c1.system) / 1000 }));';
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: lambdaEnvironment(sourceMaps, dynamoDb),
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
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(timingsMark));
      if (code === 0 && line)
        resolve(JSON.parse(line.slice(timingsMark.length)) as Omit<InitTiming, 'awsCalls'>);
      else
        reject(
          new Error(
            `import or first invocation failed (${code}): ${err.split('\n').slice(0, 8).join(' | ')}`,
          ),
        );
    });
  });

const medianOf = (timings: InitTiming[]): InitTiming => ({
  importMs: median(timings.map((t) => t.importMs)),
  cpuMs: median(timings.map((t) => t.cpuMs)),
  sinceStartMs: median(timings.map((t) => t.sinceStartMs)),
  firstCallMs: median(timings.map((t) => t.firstCallMs)),
  firstCallCpuMs: median(timings.map((t) => t.firstCallCpuMs)),
  awsCalls: median(timings.map((t) => t.awsCalls)),
});

/** How the bare handler makes each client, at its first invocation (as the functions do). */
const construct: Record<string, string> = {
  '@aws-sdk/client-dynamodb': 'new DynamoDBClient({})',
  '@aws-sdk/lib-dynamodb': 'DynamoDBDocumentClient.from(new DynamoDBClient({}))',
  '@aws-sdk/client-dynamodb-streams': 'new DynamoDBStreamsClient({})',
  '@aws-sdk/client-kms': 'new KMSClient({})',
  '@aws-sdk/client-sqs': 'new SQSClient({})',
  '@aws-sdk/client-s3': 'new S3Client({})',
  // Imported, not made: a function makes it only to read the live processor's secret, on first use.
  '@aws-sdk/client-secrets-manager': 'SecretsManagerClient',
};

/** The first call, as the bare handler makes it with lib-dynamodb's document client. */
const firstCallSource: Record<NonNullable<FirstCall>, string> = {
  GetItem: "await clients[0].send(new GetCommand({ TableName: 'wattle', Key: { pk: 'key#0', sk: 'KEY' } }));",
  Query:
    "await clients[0].send(new QueryCommand({ TableName: 'wattle', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'due' } }));",
};

/**
 * A bare handler: the SDK clients `packages` and Powertools' Logger imported; at the first
 * invocation the clients made, `firstCall` made and one line logged.
 */
const baselineSource = (packages: string[], firstCall: FirstCall): string => {
  const ordered = [
    ...packages.filter((p) => p === '@aws-sdk/lib-dynamodb'),
    ...packages.filter((p) => p !== '@aws-sdk/lib-dynamodb' && p !== '@aws-sdk/client-dynamodb'),
  ];
  const imports = packages
    .filter((p) => p !== '@aws-sdk/lib-dynamodb')
    .map((p) => `import { ${sdkClients[p]} } from '${p}';`);
  if (packages.includes('@aws-sdk/lib-dynamodb')) {
    imports.push("import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';");
    if (!packages.includes('@aws-sdk/client-dynamodb'))
      imports.push("import { DynamoDBClient } from '@aws-sdk/client-dynamodb';");
  }
  imports.push("import { Logger } from '@aws-lambda-powertools/logger';");
  return `${imports.join('\n')}
let clients;
let logger;
export const handler = async (event, context) => {
  logger ??= new Logger({ serviceName: 'wattle' });
  logger.addContext(context);
  clients ??= [${ordered.map((p) => construct[p]).join(', ')}];
  ${firstCall && packages.includes('@aws-sdk/lib-dynamodb') ? firstCallSource[firstCall] : ''}
  logger.info('request', { status: 200 });
  return { statusCode: 200, body: String(clients.length) };
};
`;
};

/** The baseline a function is compared with: its access's SDK clients and its first call. */
export const baselineNameOf = (fn: string): string => {
  const packages = baselinePackagesOf(fn);
  const call = firstInvocationOf(fn).firstCall;
  return `baseline: ${packages.length ? packages.join(' + ').replaceAll('@aws-sdk/', '') : 'no SDK'}${call ? `, ${call}` : ''}`;
};

interface Built {
  name: string;
  /** What its first invocation is given. */
  event: unknown;
  outfile?: string;
  sdkPackages: string[];
  error?: string;
}

/**
 * One bundle as CDK builds it; `shipsConnector`: as CDK builds a function that reaches the
 * processor (the connectors left out, and built beside it).
 */
const bundle = async (
  name: string,
  event: unknown,
  entry: BuildOptions,
  outDir: string,
  withConnector = false,
): Promise<Built> => {
  const outfile = join(outDir, name.replace(/\W+/g, '-'), 'index.mjs');
  try {
    const built = await build({
      ...cdkOptions,
      ...entry,
      outfile,
      ...(withConnector ? { external: [...connectorModules] } : {}),
    });
    if (withConnector) await buildConnector(repoRoot, dirname(outfile));
    // What the bundle holds: an input tree-shaken to nothing (a client behind a dead branch) is not in it.
    const output = Object.values(built.metafile?.outputs ?? {}).find((o) => o.entryPoint);
    const inputs = Object.entries(output?.inputs ?? {})
      .filter(([, held]) => held.bytesInOutput > 0)
      .map(([input]) => input);
    const sdkPackages = Object.keys(sdkClients).filter((p) =>
      inputs.some((i) => i.includes(`node_modules/${p}/`)),
    );
    return { name, event, outfile, sdkPackages };
  } catch (error) {
    return { name, event, sdkPackages: [], error: (error as Error).message.split('\n')[0] };
  }
};

/** Cold starts of every bundle, round after round (so a burst of other load falls on all alike). */
const coldStarts = async (built: Built[], runs: number, standIn: StandIn): Promise<BundleResult[]> => {
  /** One cold start, with the DynamoDB calls it made. */
  const measure = async (b: Built & { outfile: string }, sourceMaps: boolean): Promise<InitTiming> => {
    const before = standIn.calls();
    const timing = await importOnce(b.outfile, b.event, sourceMaps, standIn.endpoint);
    return { ...timing, awsCalls: standIn.calls() - before };
  };
  const timings = built.map(() => ({ with: [] as InitTiming[], without: [] as InitTiming[], error: '' }));
  for (let run = 0; run < runs; run++) {
    for (const [i, b] of built.entries()) {
      const t = timings[i] as (typeof timings)[number];
      if (!b.outfile || t.error) continue;
      try {
        t.with.push(await measure({ ...b, outfile: b.outfile }, true));
        t.without.push(await measure({ ...b, outfile: b.outfile }, false));
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
  const standIn = await standInDynamoDb();
  try {
    log(`  bundling ${names.length} functions`);
    const functions = await Promise.all(
      names.map((fn) =>
        bundle(
          fn,
          firstInvocationOf(fn).event,
          { entryPoints: [join(repoRoot, functionEntry(fn))] },
          outDir,
          shipsConnector(fn),
        ),
      ),
    );
    // Baselines: nothing, and each function's SDK clients with its first call and Powertools' Logger.
    const sets = new Map<string, { packages: string[]; fn: string }>([
      ['baseline: no SDK', { packages: [], fn: '' }],
    ]);
    for (const f of functions)
      if (!f.error) sets.set(baselineNameOf(f.name), { packages: baselinePackagesOf(f.name), fn: f.name });
    const baselines = await Promise.all(
      [...sets.entries()].map(([name, { packages, fn }]) =>
        bundle(
          name,
          firstInvocationOf(fn).event,
          {
            stdin: {
              contents: baselineSource(packages, fn ? firstInvocationOf(fn).firstCall : null),
              resolveDir: repoRoot,
              sourcefile: 'baseline.mjs',
              loader: 'js',
            },
          },
          outDir,
        ),
      ),
    );
    log(`  ${runs} cold starts of each (import and first invocation), with and without source maps`);
    const results = await coldStarts([...functions, ...baselines], runs, standIn);
    return { functions: results.slice(0, functions.length), baselines: results.slice(functions.length) };
  } finally {
    standIn.server.close();
    if (!options.outDir) rmSync(outDir, { recursive: true, force: true });
  }
};
