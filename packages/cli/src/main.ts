import { parseApiCommand } from './api-args.ts';
import { parseCommandLine, usage } from './args.ts';
import { fullUsage, helpFor, isCommandWord, unknownCommand } from './help.ts';
import { objectText } from './object-text.ts';
import { runApiCommand } from './run-api-command.ts';

const argv = process.argv.slice(2);
const dataDir = process.env.WATTLE_DATA_DIR ?? '.wattle';

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

/** What the account commands print: text, or with --json the JSON. */
const print = (value: unknown, json: boolean) =>
  console.log(json ? JSON.stringify(value, null, 2) : objectText(value));

// `COMMAND --help`, `help COMMAND`, `--help` and no command at all: the help, on stdout.
const words = argv.filter((arg) => !arg.startsWith('-'));
const command = words[0] === 'help' ? words[1] : words[0];
if (argv.length === 0 || argv.includes('--help') || argv.includes('-h') || words[0] === 'help') {
  if (command !== undefined && !isCommandWord(command)) fail(unknownCommand(command), 2);
  console.log(helpFor(command));
  process.exit(0);
}
if (command === undefined || !isCommandWord(command)) fail(unknownCommand(command ?? argv[0] ?? ''), 2);

const apiCommand = parseApiCommand(argv);
if (typeof apiCommand === 'string') fail(`${apiCommand}\n\n${helpFor(command)}`, 2);
if (apiCommand && typeof apiCommand === 'object') {
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  try {
    await runApiCommand(apiCommand, {
      print: (line) => console.log(line),
      signal: stop.signal,
      dataDir,
    });
  } catch (error) {
    fail((error as Error).message, 1);
  }
  process.exit(0);
}

const args = parseCommandLine(argv, process.env);
if (typeof args === 'string') fail(args === usage ? fullUsage : `${args}\n\n${helpFor(command)}`, 2);
// The account commands load the store (and the AWS SDK) only when one runs: the API commands,
// which talk HTTP to the stack, start without them.
try {
  if (args.command === 'merchant-decision') {
    const { decideMerchant } = await import('./decide-merchant.ts');
    print(await decideMerchant(args, dataDir), args.json);
  } else if (args.command === 'backfill-card-owners') {
    const [{ backfillCardOwners }, { tableStore }] = await Promise.all([
      import('@wattle/store'),
      import('./create-account.ts'),
    ]);
    const store = tableStore(args.table, args.endpoint);
    print(await backfillCardOwners(store.ctx), args.json);
  } else {
    const { createInLocalStack, createInTable, describeAccount } = await import('./create-account.ts');
    const made = args.table
      ? await createInTable({ ...args, table: args.table })
      : await createInLocalStack(args, dataDir);
    console.log(args.json ? JSON.stringify(made, null, 2) : describeAccount(made));
  }
} catch (error) {
  fail((error as Error).message, 1);
}
