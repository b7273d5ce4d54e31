import { parseCommandLine, usage } from './args.ts';
import { createInLocalStack, createInTable, describeAccount } from './create-account.ts';

const args = parseCommandLine(process.argv.slice(2), process.env);
if (typeof args === 'string') {
  console.error(args === usage ? usage : `${args}\n\n${usage}`);
  process.exit(args === usage ? 0 : 2);
}
try {
  const made = args.table
    ? await createInTable({ ...args, table: args.table })
    : await createInLocalStack(args, process.env.WATTLE_DATA_DIR ?? '.wattle');
  console.log(args.json ? JSON.stringify(made, null, 2) : describeAccount(made));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
