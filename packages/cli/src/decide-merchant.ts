import { activateMerchant, reviewMerchant } from '@wattle/flows';
import { randomIds, runtimeClock } from '@wattle/runtime';
import { presentMerchantSummary } from '@wattle/wire';
import type { MerchantDecisionArgs } from './args.ts';
import { postLocal } from './local-control.ts';
import { tableStore } from './table-store.ts';
import { localStackOrigin } from './target.ts';

/**
 * Approves, declines or holds a referred merchant in a table (a deployed stack) or through the
 * local stack's control endpoint (`POST /_local/merchants/{token}/activate|decline|hold`).
 */
export const decideMerchant = async (args: MerchantDecisionArgs, dataDir: string): Promise<unknown> => {
  if (args.table) {
    const store = tableStore(args.table, args.endpoint);
    const deps = { merchants: store.merchants, ids: randomIds, clock: runtimeClock };
    return presentMerchantSummary(
      args.decision === 'activate'
        ? await activateMerchant(deps, args.merchantToken)
        : await reviewMerchant(
            deps,
            args.merchantToken,
            args.decision === 'decline' ? 'declined' : 'on_hold',
          ),
    );
  }
  const origin = await localStackOrigin(dataDir, '--table');
  const answer = await postLocal(origin, `/merchants/${args.merchantToken}/${args.decision}`);
  return (answer as { response: unknown }).response;
};
