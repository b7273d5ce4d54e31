import { type Deposit, PinError, type Scope } from '@wattle/domain';
import type { DepositsStore, Page } from '@wattle/ports';

type Deps = { deposits: Pick<DepositsStore, 'get' | 'list'> };

/** The deposit, or 404 (also for another merchant's or environment's). */
export const getDeposit = async (
  { deposits }: Deps,
  scope: Scope,
  depositToken: string,
): Promise<Deposit> => {
  const deposit = await deposits.get(scope, depositToken);
  if (!deposit) throw new PinError('not_found');
  return deposit;
};

export const listDeposits = ({ deposits }: Deps, scope: Scope, page: number): Promise<Page<Deposit>> =>
  deposits.list(scope, page);
