/**
 * The start command: the local stack in the foreground, for `npm start` (main.ts) and the installable
 * package's `wattle start`. PORT or `--port` (default 4010), WATTLE_DATA_DIR (default .wattle),
 * WATTLE_LOG_LEVEL (default INFO), WATTLE_DYNAMODB_ENDPOINT (a DynamoDB Local already running),
 * `--store dynamodb|memory` for the store engine (the default is the
 * caller's: DynamoDB for `npm start`, memory for the package), `--keep-nothing` (or its older name
 * `--in-memory`) to keep no data,
 * `--quiet` for only warnings and errors, `--keys-from FILE` and WATTLE_*_KEY for fixed keys. The
 * DynamoDB engine's needs (needs.mjs) are checked before it starts: asked for by name, a missing one
 * stops the command; as the default, the command starts on the memory engine, its first line saying
 * why. Ctrl-C stops everything.
 */
import { parseArgs } from 'node:util';
import { describeStack } from './describe.ts';
import { type StoreEngineName, storeEngines } from './engine.ts';
import { fixedKeyVariables, readFixedKeys } from './fixed-keys.ts';
import { runInvocationsApart } from './invocation-store.ts';
import { dynamoDbEngineProblems } from './needs.mjs';
import { defaultPort, type LocalStack, startLocalStack } from './stack.ts';

/** What each engine is, for the usage text, with the one taken without `--store`. */
const engineLines = (
  defaultStore: StoreEngineName,
) => `  --store ENGINE    dynamodb or memory (default: ${defaultStore})
                    dynamodb: DynamoDB Local and an SQS emulator, as AWS behaves (needs Java 17
                    and Node 22.5)
                    memory: everything in this process (no Java, the stack itself starts in
                    well under a second, keeps nothing after it stops)`;

/** `command` is how the user runs it, the options following: `npm start --` or `wattle start`. */
const usageOf = (
  command: string,
  defaultStore: StoreEngineName,
) => `Usage: ${command} [--store dynamodb|memory] [--keep-nothing] [--quiet] [--keys-from FILE] [--port PORT]

${engineLines(defaultStore)}
  --keep-nothing    keep no data: every start is fresh (new keys, no accounts or charges of an
                    earlier run), and nothing but local.json and the request log is written to
                    the data directory; on the DynamoDB engine DynamoDB Local holds its table in
                    memory, on the memory engine it changes nothing (that engine keeps nothing)
  --in-memory       the same as --keep-nothing (its older name)
                    --store memory replaces DynamoDB Local and the SQS emulator with the stack's
                    own memory (and so keeps nothing either); --keep-nothing keeps them and
                    keeps no data
  --quiet           only warnings and errors (WATTLE_LOG_LEVEL=WARN)
  --keys-from FILE  the keys the seeded merchant and partner use, from a JSON file in local.json's
                    shape (test.secretKey, test.publishableKey, live.…, partnerKey; any of them)
  --port PORT       the port to listen on (wins over PORT; 0 = any free port)

Environment: PORT (default ${defaultPort}; 0 = any free port), WATTLE_DATA_DIR (default .wattle),
WATTLE_LOG_LEVEL (DEBUG, INFO (default), WARN, ERROR or SILENT; wins over --quiet),
WATTLE_DYNAMODB_ENDPOINT (a DynamoDB Local already running, for the DynamoDB engine: the stack
starts none of its own and keeps its table there, under an access key of its own),
${Object.keys(fixedKeyVariables).join(', ')} (fixed keys, as --keys-from; they win over it)`;

/** A need's sentence as a clause: without its full stop or its "run the command again". */
const clause = (problem: string): string => problem.replace(/( and run the command again)?\.$/, '');

/** Why the DynamoDB engine, asked for by name, cannot start here (`problems`), in one line. */
const cannotStartLine = (command: string, defaultStore: StoreEngineName, problems: string[]): string => {
  const memory = `${command} --store memory${defaultStore === 'memory' ? ', the default' : ''}`;
  return `Cannot start on the DynamoDB engine: ${problems.map(clause).join('; ')}. The memory engine needs none of this (${memory}).`;
};

/**
 * The first line of a start on the memory engine because the DynamoDB engine, the default and not
 * asked for by name, cannot start here (`problems`): why, and what brings that engine.
 */
const fallbackLine = (command: string, problems: string[]): string => {
  const why = problems.some((problem) => problem.startsWith('Java is not on PATH'))
    ? 'Java is not on PATH'
    : 'The DynamoDB engine cannot start here';
  const needs = problems
    .map((problem) => clause(problem).replace(/^Java is not on PATH, and /, ''))
    .join('; ');
  return `${why}, so this runs on the memory engine (everything in this process, nothing kept after it stops): ${needs}, then ${command} --store dynamodb (or ${command.replace(/ --$/, '')}, its default) runs on DynamoDB Local, as AWS behaves.`;
};

/**
 * Parses `args` (the options after the command), starts the stack, prints the readable block and
 * stops the stack on SIGINT, SIGTERM or SIGHUP. Exits the process on bad options, a missing need
 * of the engine or a failed start; answers the running stack otherwise. `defaultStore` is the
 * engine without `--store`.
 */
export const runStartCommand = async (
  args: string[],
  command: string,
  defaultStore: StoreEngineName = 'dynamodb',
): Promise<LocalStack> => {
  // This process is the local stack: its functions' invocations run at once, each apart.
  runInvocationsApart();
  const usage = usageOf(command, defaultStore);
  let options: {
    store?: string;
    'in-memory'?: boolean;
    'keep-nothing'?: boolean;
    quiet?: boolean;
    'keys-from'?: string;
    port?: string;
    help?: boolean;
  };
  try {
    ({ values: options } = parseArgs({
      args,
      options: {
        store: { type: 'string' },
        'in-memory': { type: 'boolean' },
        'keep-nothing': { type: 'boolean' },
        quiet: { type: 'boolean' },
        'keys-from': { type: 'string' },
        port: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n`);
    console.log(usage);
    process.exit(2);
  }
  if (options.help) {
    console.log(usage);
    process.exit(0);
  }

  let store = (options.store ?? defaultStore) as StoreEngineName;
  if (!storeEngines.includes(store)) {
    console.error(`--store must be one of ${storeEngines.join(', ')}, not "${options.store}"`);
    process.exit(2);
  }
  const dynamodbEndpoint = process.env.WATTLE_DYNAMODB_ENDPOINT?.trim() || undefined;
  if (dynamodbEndpoint && !/^https?:\/\/[^/\s]+\/?$/.test(dynamodbEndpoint)) {
    console.error(
      `WATTLE_DYNAMODB_ENDPOINT must be the URL of a running DynamoDB Local (http://127.0.0.1:8000), not "${dynamodbEndpoint}"`,
    );
    process.exit(2);
  }
  // The DynamoDB engine's needs, checked before it starts, so a missing one is named rather than
  // failing deep inside (`No such built-in module: node:sqlite`, DynamoDB Local's own output). On
  // a DynamoDB Local already running, the stack starts no Java of its own.
  const byName = options.store !== undefined;
  const problems = (
    store === 'dynamodb' ? dynamoDbEngineProblems(byName ? 'it' : 'the DynamoDB engine') : []
  ).filter((problem) => !(dynamodbEndpoint && /DynamoDB Local needs Java/.test(problem)));
  if (problems.length > 0 && byName) {
    console.error(cannotStartLine(command, defaultStore, problems));
    process.exit(1);
  }
  if (problems.length > 0) {
    // The default, not asked for: the memory engine serves every example of the docs, and the
    // first line says so and what brings the DynamoDB engine.
    console.log(fallbackLine(command, problems));
    store = 'memory';
  }

  let keys: ReturnType<typeof readFixedKeys>;
  try {
    keys = readFixedKeys(options['keys-from'] ?? null, process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }

  const portText = options.port?.trim() || process.env.PORT?.trim() || String(defaultPort);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    console.error(
      `${options.port === undefined ? 'PORT' : '--port'} must be a port number (0-65535), not "${portText}"`,
    );
    process.exit(2);
  }

  let stack: LocalStack;
  try {
    stack = await startLocalStack({
      port,
      dataDir: process.env.WATTLE_DATA_DIR || '.wattle',
      inMemory: options['keep-nothing'] === true || options['in-memory'] === true,
      store,
      dynamodbEndpoint,
      quiet: options.quiet === true,
      keys,
      onFatal: (error) => {
        console.error(`${error.message}: the local stack cannot go on.`);
        process.exit(1);
      },
    });
  } catch (error) {
    console.error(`The local stack did not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  // Ready since the process started (performance's time origin), its own loading and the
  // engine's start included: what the person who typed the command waited.
  console.log(describeStack(stack, performance.now()));

  let stoppingSince: number | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      // tsx relays the terminal's Ctrl-C to this process too: a second signal right away is that echo.
      if (Date.now() - stoppingSince < 1000) return;
      console.error(`\n${signal} again: exiting now.`);
      process.exit(1); // the exit hook still kills DynamoDB Local
    }
    stoppingSince = Date.now();
    console.log(`\n${signal}: stopping...`);
    stack.stop().then(
      () => {
        console.log('Stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Stopping failed:', error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
  return stack;
};
