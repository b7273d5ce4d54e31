import { presentMerchantSummary } from '@wattle/domain';
import { activateMerchant } from '@wattle/flows';
import { randomIds, runtimeClock } from '@wattle/runtime';
import type { ActivateMerchantArgs } from './args.ts';
import { localStackOrigin, tableStore } from './create-account.ts';

/** Approves a referred merchant in a table (a deployed stack) or through the local stack. */
export const activate = async (args: ActivateMerchantArgs, dataDir: string): Promise<unknown> => {
  if (args.table) {
    const store = tableStore(args.table, args.endpoint);
    return presentMerchantSummary(
      await activateMerchant(
        { merchants: store.merchants, ids: randomIds, clock: runtimeClock },
        args.merchantToken,
      ),
    );
  }
  const origin = await localStackOrigin(dataDir);
  const response = await fetch(`${origin}/_local/merchants/${args.merchantToken}/activate`, {
    method: 'POST',
  });
  if (!response.ok) throw new Error(`The local stack answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { response: unknown }).response;
};
