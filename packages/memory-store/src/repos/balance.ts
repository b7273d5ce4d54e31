import type { ChargeCredit, CurrencyBalance, Scope } from '@wattle/domain';
import type { BalanceStore, CreditCursor, PayoutLedger } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { type CurrencyMoney, moneyOf } from '../world/money.ts';
import type { MemoryWorld } from '../world/world.ts';

/** A currency's ledger before any money moved. */
const emptyLedger = (currency: string): PayoutLedger => ({
  currency,
  available: 0,
  unsettled: 0,
  version: 0,
  credited: 0,
  givenBack: [],
  consumed: 0,
  cursor: null,
});

/** A currency's ledger at `today` (YYYY-MM-DD): which proceeds have settled is up to the clock. */
const ledgerOf = (money: CurrencyMoney, today: string): PayoutLedger => {
  const ledger = emptyLedger(money.currency);
  for (const [day, n] of money.days) {
    ledger.credited += n;
    if (day <= today) ledger.available += n;
    else ledger.unsettled += n;
  }
  ledger.available -= money.debited;
  ledger.version = money.version;
  ledger.consumed = money.consumed;
  ledger.cursor = copy(money.cursor);
  ledger.givenBack = copy(money.givenBack);
  return ledger;
};

/** The merchant's balance, kept by the changes that move money (world/money.ts): read only here. */
export class MemoryBalance implements BalanceStore {
  constructor(private readonly world: MemoryWorld) {}

  async read(scope: Scope, now: Date): Promise<CurrencyBalance[]> {
    return this.ledgers(scope, now).map(({ currency, available, unsettled }) => ({
      currency,
      available,
      unsettled,
    }));
  }

  async ledger(scope: Scope, currency: string, now: Date): Promise<PayoutLedger> {
    const money = moneyOf(this.world, scope).get(currency);
    return money ? ledgerOf(money, now.toISOString().slice(0, 10)) : emptyLedger(currency);
  }

  async walkCredits(
    scope: Scope,
    currency: string,
    cursor: CreditCursor | null,
    visit: (credit: ChargeCredit, before: number) => boolean,
  ): Promise<void> {
    const money = moneyOf(this.world, scope).get(currency);
    if (!money) return;
    let before = cursor?.before ?? 0;
    for (const position of cursor ? money.creditOrder.from(cursor.position) : money.creditOrder.all()) {
      const credit = copy(money.credits.get(position)!);
      if (!visit(credit, before)) return;
      before += credit.merchantEntitlement;
    }
  }

  private ledgers(scope: Scope, now: Date): PayoutLedger[] {
    const today = now.toISOString().slice(0, 10);
    return [...moneyOf(this.world, scope).values()]
      .map((money) => ledgerOf(money, today))
      .sort((a, b) => a.currency.localeCompare(b.currency));
  }
}
