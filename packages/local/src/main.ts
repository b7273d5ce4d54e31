/**
 * `npm start`: the local stack in the foreground. PORT (default 4010), WATTLE_DATA_DIR (default
 * .wattle), WATTLE_LOG_LEVEL (default INFO), `--in-memory` to keep no data, `--quiet` for only
 * warnings and errors. Ctrl-C stops everything.
 */
import { defaultPort, describeStack, startLocalStack } from './index.ts';

const usage = `Usage: npm start [-- --in-memory] [-- --quiet]

  --in-memory   keep no data (DynamoDB in memory, fresh keys every start)
  --quiet       only warnings and errors (WATTLE_LOG_LEVEL=WARN)

Environment: PORT (default ${defaultPort}; 0 = any free port), WATTLE_DATA_DIR (default .wattle),
WATTLE_LOG_LEVEL (DEBUG, INFO (default), WARN, ERROR or SILENT; wins over --quiet)`;

const args = process.argv.slice(2);
const unknown = args.filter((arg) => !['--in-memory', '--quiet', '--help', '-h'].includes(arg));
if (args.includes('--help') || args.includes('-h') || unknown.length) {
  if (unknown.length) console.error(`Unknown option(s): ${unknown.join(' ')}\n`);
  console.log(usage);
  process.exit(unknown.length ? 2 : 0);
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
    inMemory: args.includes('--in-memory'),
    quiet: args.includes('--quiet'),
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
