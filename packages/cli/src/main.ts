import { backfillCardOwners } from '@wattle/store';
import { activate } from './activate-merchant.ts';
import { parseCommandLine, usage } from './args.ts';
import { createInLocalStack, createInTable, describeAccount, tableStore } from './create-account.ts';

const args = parseCommandLine(process.argv.slice(2), process.env);
if (typeof args === 'string') {
  console.error(args === usage ? usage : `${args}\n\n${usage}`);
  process.exit(args === usage ? 0 : 2);
}
const dataDir = process.env.WATTLE_DATA_DIR ?? '.wattle';
try {
  if (args.command === 'activate-merchant') {
    console.log(JSON.stringify(await activate(args, dataDir), null, 2));
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
  console.error((error as Error).message);
  process.exit(1);
}
