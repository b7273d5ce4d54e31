import { PinError, presentProcessorRouting, processorRoutingOf } from '@wattle/domain';
import type { AccountsStore, MerchantsStore } from '@wattle/ports';

export interface ProcessorRoutingDeps {
  accounts: Pick<AccountsStore, 'get' | 'setProcessorRouting'>;
  merchants: Pick<MerchantsStore, 'get'>;
}

/** The account a routing command names: its id (acct_...), or a partner-referred merchant's token (mrch_...). */
const accountIdOf = async ({ accounts, merchants }: ProcessorRoutingDeps, named: string): Promise<string> => {
  const accountId = named.startsWith('mrch_') ? (await merchants.get(named))?.merchant.accountId : named;
  const account = accountId ? await accounts.get(accountId) : null;
  if (account?.kind !== 'merchant')
    throw new PinError('not_found', { description: `No merchant account ${named}.` });
  return account.id;
};

/** A merchant's processor routing, as an operator writes it (no rules: the deployment's live default). */
export const showProcessorRouting = async (deps: ProcessorRoutingDeps, named: string) => {
  const account = await deps.accounts.get(await accountIdOf(deps, named));
  return presentProcessorRouting(account?.processorRouting);
};

/**
 * Sets a merchant's processor routing from what an operator wrote (processorRoutingOf), its
 * accounts checked against the deployment's (`declared`); null removes it. Only new live
 * payments follow it: each earlier one keeps its account. Refused with every problem named.
 */
export const setProcessorRouting = async (
  deps: ProcessorRoutingDeps,
  named: string,
  written: unknown,
  declared: readonly string[],
) => {
  const accountId = await accountIdOf(deps, named);
  if (written === null) {
    await deps.accounts.setProcessorRouting(accountId, null);
    return presentProcessorRouting(null);
  }
  const read = processorRoutingOf(written, declared);
  if ('problems' in read)
    throw new PinError('invalid_resource', {
      messages: read.problems.map((message) => ({ param: 'routing', code: 'routing_invalid', message })),
    });
  if (!(await deps.accounts.setProcessorRouting(accountId, read.routing))) throw new PinError('not_found');
  return presentProcessorRouting(read.routing);
};
