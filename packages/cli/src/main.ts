import { backfillCardOwners } from '@wattle/store';
import { apiUsage, parseApiCommand } from './api-args.ts';
import { parseCommandLine, usage } from './args.ts';
import { createInLocalStack, createInTable, describeAccount, tableStore } from './create-account.ts';
import { decideMerchant } from './decide-merchant.ts';
import { runApiCommand } from './run-api-command.ts';

const fullUsage = `${usage}\n\n${apiUsage}`;
const argv = process.argv.slice(2);
const dataDir = process.env.WATTLE_DATA_DIR ?? '.wattle';

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

const apiCommand = parseApiCommand(argv);
if (typeof apiCommand === 'string') fail(`${apiCommand}\n\n${apiUsage}`, 2);
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
if (typeof args === 'string') {
  if (args === usage) {
    console.log(fullUsage);
    process.exit(0);
  }
  fail(`${args}\n\n${fullUsage}`, 2);
}
try {
  if (args.command === 'merchant-decision') {
    console.log(JSON.stringify(await decideMerchant(args, dataDir), null, 2));
  } else if (args.command === 'backfill-card-owners') {
    const store = tableStore(args.table, args.endpoint);
    console.log(JSON.stringify(await backfillCardOwners(store.ctx), null, 2));
  } else {
    const made = args.table
      ? await createInTable({ ...args, table: args.table })
      : await createInLocalStack(args, dataDir);
    console.log(args.json ? JSON.stringify(made, null, 2) : describeAccount(made));
  }
} catch (error) {
  fail((error as Error).message, 1);
}
