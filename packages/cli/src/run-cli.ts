import { parseApiCommand } from './api-args.ts';
import { parseCommandLine, usage } from './args.ts';
import { fullUsage, helpFor, isCommandWord, unknownCommand } from './help.ts';
import { objectText } from './object-text.ts';
import { runApiCommand } from './run-api-command.ts';

/** Where the CLI reads its settings and writes its lines: the process's in main.ts, a test's own in-process. */
export interface CliIo {
  /** WATTLE_DATA_DIR, WATTLE_TABLE_NAME… */
  env: Record<string, string | undefined>;
  /** A line (or lines) of the output, as console.log writes it. */
  out(text: string): void;
  /** A line of the errors, as console.error writes it. */
  err(text: string): void;
  /** What stops a command that runs until stopped (listen, tail): Ctrl-C for the process. Made only for an API command. */
  stopSignal(): AbortSignal;
}

/** A message for the errors and the exit code to end with. */
class Exit extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

const fail = (message: string, code: number): never => {
  throw new Exit(message, code);
};

/**
 * The command line `npm run wattle -- ARGS` (main.ts runs it with the process's argv, env and
 * streams): runs the command of `argv`, writing to `io`, and answers the exit code (0 done, 1 the
 * command failed, 2 a usage error).
 */
export const runCli = async (argv: string[], io: CliIo): Promise<number> => {
  try {
    await run(argv, io);
    return 0;
  } catch (error) {
    if (!(error instanceof Exit)) throw error;
    io.err(error.message);
    return error.code;
  }
};

const run = async (argv: string[], io: CliIo): Promise<void> => {
  const dataDir = io.env.WATTLE_DATA_DIR ?? '.wattle';
  /** What the account commands print: text, or with --json the JSON. */
  const print = (value: unknown, json: boolean) =>
    io.out(json ? JSON.stringify(value, null, 2) : objectText(value));

  // `COMMAND --help`, `help COMMAND`, `--help` and no command at all: the help, on stdout.
  const words = argv.filter((arg) => !arg.startsWith('-'));
  const command = words[0] === 'help' ? words[1] : words[0];
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h') || words[0] === 'help') {
    if (command !== undefined && !isCommandWord(command)) fail(unknownCommand(command), 2);
    io.out(helpFor(command));
    return;
  }
  if (command === undefined || !isCommandWord(command))
    return fail(unknownCommand(command ?? argv[0] ?? ''), 2);

  const apiCommand = parseApiCommand(argv);
  if (typeof apiCommand === 'string') fail(`${apiCommand}\n\n${helpFor(command)}`, 2);
  if (apiCommand && typeof apiCommand === 'object') {
    try {
      await runApiCommand(apiCommand, {
        print: (line) => io.out(line),
        note: (line) => io.err(line),
        signal: io.stopSignal(),
        dataDir,
      });
    } catch (error) {
      fail((error as Error).message, 1);
    }
    return;
  }

  const args = parseCommandLine(argv, io.env);
  if (typeof args === 'string') return fail(args === usage ? fullUsage : `${args}\n\n${helpFor(command)}`, 2);
  // The account commands load the store (and the AWS SDK) only when one runs: the API commands,
  // which talk HTTP to the stack, start without them.
  try {
    if (args.command === 'merchant-decision') {
      const { decideMerchant } = await import('./decide-merchant.ts');
      print(await decideMerchant(args, dataDir), args.json);
    } else if (args.command === 'merchant-routing') {
      const { merchantRouting } = await import('./merchant-routing.ts');
      // Always JSON: what `show` prints is what `set` reads.
      print(await merchantRouting(args, dataDir), true);
    } else if (args.command === 'migrate') {
      const { migrate } = await import('./migrate.ts');
      print(await migrate(args, dataDir), args.json);
    } else if (args.command === 'backfill-card-owners') {
      const [{ backfillCardOwners }, { tableStore }] = await Promise.all([
        import('@wattle/store'),
        import('./table-store.ts'),
      ]);
      const store = tableStore(args.table, args.endpoint);
      print(await backfillCardOwners(store.ctx), args.json);
    } else {
      const { createInLocalStack, describeAccount } = await import('./create-account.ts');
      const made = args.table
        ? await (await import('./create-account-in-table.ts')).createInTable({ ...args, table: args.table })
        : await createInLocalStack(args, dataDir);
      io.out(args.json ? JSON.stringify(made, null, 2) : describeAccount(made));
    }
  } catch (error) {
    fail((error as Error).message, 1);
  }
};
