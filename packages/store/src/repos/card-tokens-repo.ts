import type { Card, Scope } from '@wattle/domain';
import type { CardTokensStore, SealedCard } from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { keys } from '../kernel/keys.ts';
import { type ConsumeIn, type Sealed, SingleUseTokens } from '../kernel/single-use-tokens.ts';

const fromSealed = (sealed: Sealed<Card>): SealedCard => ({
  card: sealed.value,
  sealedNumber: sealed.sealedNumber,
});

/** Unused card tokens from POST /cards (single use, one month); customers' cards are sealed alike. */
export class CardTokensRepo implements CardTokensStore {
  private readonly tokens: SingleUseTokens<Card>;

  constructor(ctx: StoreContext) {
    this.tokens = new SingleUseTokens<Card>(ctx, {
      key: keys.cardToken,
      entityType: 'card_token',
      label: 'card-token',
    });
  }

  async seal(scope: Scope, card: Card, cardNumber: string): Promise<SealedCard> {
    return fromSealed(await this.tokens.seal(scope, card, cardNumber));
  }

  /** The number of a sealed card, for the processor. Never log or store what this returns. */
  open(scope: Scope, sealed: SealedCard): Promise<string> {
    return this.tokens.open(scope, sealed.card.token, sealed.sealedNumber);
  }

  put(scope: Scope, sealed: SealedCard, expiresAt: Date): Promise<void> {
    return this.tokens.put(scope, { value: sealed.card, sealedNumber: sealed.sealedNumber }, expiresAt);
  }

  async findUnused(scope: Scope, cardToken: string, now: Date): Promise<SealedCard | null> {
    const found = await this.tokens.findUnused(scope, cardToken, now);
    return found ? fromSealed(found) : null;
  }

  /** Uses the token up inside `tx`: the transaction throws TokenUsed if it is gone. */
  readonly consumeIn: ConsumeIn = (tx, scope, cardToken, now) =>
    this.tokens.consumeIn(tx, scope, cardToken, now);
}
