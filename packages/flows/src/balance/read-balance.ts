import type { Clock, CurrencyBalance, Scope } from '@wattle/domain';
import type { BalanceStore } from '@wattle/ports';

/** GET /balance: every currency's balance by the clock's now (which proceeds have settled). */
export const readBalance = (
  { balance, clock }: { balance: Pick<BalanceStore, 'read'>; clock: Clock },
  scope: Scope,
): Promise<CurrencyBalance[]> => balance.read(scope, clock.now());
