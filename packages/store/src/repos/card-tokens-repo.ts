import type { Card, ProcessorCard, Scope } from '@wattle/domain';
import type { CardTokensStore, SealedCard } from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { type ConsumeIn, type Sealed, SingleUseTokens, singleUseKinds } from '../kernel/single-use-tokens.ts';

const fromSealed = ({ value, ...secrets }: Sealed<Card>): SealedCard => ({ card: value, ...secrets });

/** Unused card tokens from POST /cards (single use, one month); customers' cards are sealed alike. */
export class CardTokensRepo implements CardTokensStore {
  private readonly tokens: SingleUseTokens<Card>;

  constructor(ctx: StoreContext) {
    this.tokens = new SingleUseTokens<Card>(ctx, singleUseKinds['card-token']);
  }

  async seal(scope: Scope, card: Card, cardNumber: string, cvc?: string): Promise<SealedCard> {
    return fromSealed(await this.tokens.seal(scope, card, cardNumber, cvc));
  }

  /** The card for the processor: its number, and its CVC if sealed with one. Never log or store what this returns. */
  async open(scope: Scope, { card, ...secrets }: SealedCard): Promise<ProcessorCard> {
    return { card, ...(await this.tokens.open(scope, card.token, secrets)) };
  }

  /** Keeps the token's card, its sealed number and, until the token's one charge, its sealed CVC. */
  put(scope: Scope, { card, ...secrets }: SealedCard, expiresAt: Date): Promise<void> {
    return this.tokens.put(scope, { value: card, ...secrets }, expiresAt);
  }

  async findUnused(scope: Scope, cardToken: string, now: Date): Promise<SealedCard | null> {
    const found = await this.tokens.findUnused(scope, cardToken, now);
    return found ? fromSealed(found) : null;
  }

  wasUsed(scope: Scope, cardToken: string, now: Date): Promise<boolean> {
    return this.tokens.wasUsed(scope, cardToken, now);
  }

  /** Uses the token up inside `tx`, leaving the mark of its use: the transaction throws TokenUsed if it is not unused. */
  readonly consumeIn: ConsumeIn = (tx, scope, cardToken, now) =>
    this.tokens.consumeIn(tx, scope, cardToken, now);
}
