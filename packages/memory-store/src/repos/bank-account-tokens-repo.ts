import type { BankAccount, Scope } from '@wattle/domain';
import type { BankAccountTokensStore, SealedBankAccount } from '@wattle/ports';
import type { Change } from '../world/change.ts';
import type { MemoryWorld } from '../world/world.ts';
import { SingleUseTokens } from './single-use-tokens.ts';

/** Unused bank account tokens from POST /bank_accounts: single use (one recipient), one month. */
export class BankAccountTokensRepo implements BankAccountTokensStore {
  private readonly tokens: SingleUseTokens<BankAccount>;

  constructor(world: MemoryWorld) {
    this.tokens = new SingleUseTokens<BankAccount>(world, 'bank-account-token');
  }

  async seal(scope: Scope, bankAccount: BankAccount, accountNumber: string): Promise<SealedBankAccount> {
    const { value, sealedNumber } = await this.tokens.seal(scope, bankAccount, accountNumber);
    return { bankAccount: value, sealedNumber };
  }

  async put(scope: Scope, sealed: SealedBankAccount, expiresAt: Date): Promise<void> {
    return this.tokens.put(scope, sealed.bankAccount, { sealedNumber: sealed.sealedNumber }, expiresAt);
  }

  async findUnused(scope: Scope, token: string, now: Date): Promise<SealedBankAccount | null> {
    const found = await this.tokens.findUnused(scope, token, now);
    return found ? { bankAccount: found.value, sealedNumber: found.sealedNumber } : null;
  }

  consumeIn(change: Change, scope: Scope, token: string, now: Date): Change {
    return this.tokens.consumeIn(change, scope, token, now);
  }
}
