import type { ChargeCredit, CurrencyBalance, Scope } from '@wattle/domain';
import { type BalanceStore, type CreditCursor, type PayoutLedger, payoutLedgerOf } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { type CurrencyMoney, moneyOf } from '../world/money.ts';
import type { MemoryWorld } from '../world/world.ts';

/** A currency's ledger at `now`: which proceeds have settled is up to the clock. */
const ledgerOf = (money: CurrencyMoney, now: Date): PayoutLedger =>
  payoutLedgerOf(
    money.currency,
    money.days,
    {
      debited: money.debited,
      version: money.version,
      consumed: money.consumed,
      cursor: copy(money.cursor),
      givenBack: copy(money.givenBack),
    },
    now,
  );

/** The merchant's balance, kept by the changes that move money (world/money.ts): read only here. */
export class BalanceRepo implements BalanceStore {
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
    return money ? ledgerOf(money, now) : payoutLedgerOf(currency, [], null, now);
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
    return [...moneyOf(this.world, scope).values()]
      .map((money) => ledgerOf(money, now))
      .sort((a, b) => a.currency.localeCompare(b.currency));
  }
}
