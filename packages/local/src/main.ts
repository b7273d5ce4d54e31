/**
 * `npm start`: the local stack in the foreground. PORT (default 4010), WATTLE_DATA_DIR (default
 * .wattle), WATTLE_LOG_LEVEL (default INFO), `--in-memory` to keep no data, `--quiet` for only
 * warnings and errors, `--keys-from FILE` and WATTLE_*_KEY for fixed keys. Ctrl-C stops everything.
 */
import { parseArgs } from 'node:util';
import { fixedKeyVariables, readFixedKeys } from './fixed-keys.ts';
import { defaultPort, describeStack, startLocalStack } from './index.ts';

const usage = `Usage: npm start [-- --in-memory] [-- --quiet] [-- --keys-from FILE]

  --in-memory       keep no data (DynamoDB in memory, fresh keys every start)
  --quiet           only warnings and errors (WATTLE_LOG_LEVEL=WARN)
  --keys-from FILE  the keys the seeded merchant and partner use, from a JSON file in local.json's
                    shape (test.secretKey, test.publishableKey, live.…, partnerKey; any of them)

Environment: PORT (default ${defaultPort}; 0 = any free port), WATTLE_DATA_DIR (default .wattle),
WATTLE_LOG_LEVEL (DEBUG, INFO (default), WARN, ERROR or SILENT; wins over --quiet),
${Object.keys(fixedKeyVariables).join(', ')} (fixed keys, as --keys-from; they win over it)`;

let options: { 'in-memory'?: boolean; quiet?: boolean; 'keys-from'?: string; help?: boolean };
try {
  ({ values: options } = parseArgs({
    options: {
      'in-memory': { type: 'boolean' },
      quiet: { type: 'boolean' },
      'keys-from': { type: 'string' },
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

let keys: ReturnType<typeof readFixedKeys>;
try {
  keys = readFixedKeys(options['keys-from'] ?? null, process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const portText = process.env.PORT?.trim() || String(defaultPort);
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65535) {
  console.error(`PORT must be a port number (0-65535), not "${portText}"`);
  process.exit(2);
}

const started = performance.now();
let stack: Awaited<ReturnType<typeof startLocalStack>>;
try {
  stack = await startLocalStack({
    port,
    dataDir: process.env.WATTLE_DATA_DIR || '.wattle',
    inMemory: options['in-memory'] === true,
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
console.log(describeStack(stack, performance.now() - started));

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
