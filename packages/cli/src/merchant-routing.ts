import { readFile } from 'node:fs/promises';
import { PinError } from '@wattle/domain';
import { setProcessorRouting, showProcessorRouting } from '@wattle/flows';
import type { MerchantRoutingArgs } from './args.ts';
import { getLocal, postLocal } from './local-control.ts';
import { tableStore } from './table-store.ts';
import { localStackOrigin } from './target.ts';

/** The routing file's JSON; an Error naming the file otherwise. */
const routingFile = async (file: string): Promise<unknown> => {
  const text = await readFile(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`);
  }
};

/**
 * Shows, sets or clears a merchant's processor routing in a table (a deployed stack: its accounts
 * given by --accounts) or through the local stack's control endpoint
 * (`GET|POST /_local/merchants/{merchant}/routing`, checked against the stack's own accounts).
 */
export const merchantRouting = async (args: MerchantRoutingArgs, dataDir: string): Promise<unknown> => {
  const written = args.action === 'set' ? await routingFile(args.file!) : null;
  if (args.table) {
    const store = tableStore(args.table, args.endpoint);
    const deps = { accounts: store.accounts, merchants: store.merchants };
    try {
      return args.action === 'show'
        ? await showProcessorRouting(deps, args.merchant)
        : await setProcessorRouting(deps, args.merchant, written, args.accounts ?? []);
    } catch (error) {
      if (!(error instanceof PinError)) throw error;
      throw new Error(
        [error.message, ...(error.messages ?? []).map(({ message }) => `  ${message}`)].join('\n'),
      );
    }
  }
  const origin = await localStackOrigin(dataDir, '--table');
  const path = `/merchants/${args.merchant}/routing`;
  return args.action === 'show' ? getLocal(origin, path) : postLocal(origin, path, { routing: written });
};
