import type { BankAccount, Scope } from '@wattle/domain';
import type { BankAccountTokensStore, SealedBankAccount } from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { type ConsumeIn, type Sealed, SingleUseTokens, singleUseKinds } from '../kernel/single-use-tokens.ts';

const fromSealed = (sealed: Sealed<BankAccount>): SealedBankAccount => ({
  bankAccount: sealed.value,
  sealedNumber: sealed.sealedNumber,
});

/** Unused bank account tokens from POST /bank_accounts: single use (one recipient), one month. */
export class BankAccountTokensRepo implements BankAccountTokensStore {
  private readonly tokens: SingleUseTokens<BankAccount>;

  constructor(ctx: StoreContext) {
    this.tokens = new SingleUseTokens<BankAccount>(ctx, singleUseKinds['bank-account-token']);
  }

  async seal(scope: Scope, bankAccount: BankAccount, accountNumber: string): Promise<SealedBankAccount> {
    return fromSealed(await this.tokens.seal(scope, bankAccount, accountNumber));
  }

  put(scope: Scope, sealed: SealedBankAccount, expiresAt: Date): Promise<void> {
    return this.tokens.put(
      scope,
      { value: sealed.bankAccount, sealedNumber: sealed.sealedNumber },
      expiresAt,
    );
  }

  async findUnused(scope: Scope, bankAccountToken: string, now: Date): Promise<SealedBankAccount | null> {
    const found = await this.tokens.findUnused(scope, bankAccountToken, now);
    return found ? fromSealed(found) : null;
  }

  /** Uses the token up inside `tx`: the transaction throws TokenUsed if it is gone. */
  readonly consumeIn: ConsumeIn = (tx, scope, bankAccountToken, now) =>
    this.tokens.consumeIn(tx, scope, bankAccountToken, now);
}
