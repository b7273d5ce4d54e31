import type { Card, Scope } from '@wattle/domain';
import type { CardTokensStore, SealedCard } from '@wattle/ports';
import type { Change } from '../world/change.ts';
import type { MemoryWorld } from '../world/world.ts';
import { SingleUseTokens } from './single-use-tokens.ts';

/** Unused card tokens from POST /cards (single use, one month). */
export class MemoryCardTokens implements CardTokensStore {
  private readonly tokens: SingleUseTokens<Card>;

  constructor(world: MemoryWorld) {
    this.tokens = new SingleUseTokens<Card>(world, 'card-token');
  }

  async seal(scope: Scope, card: Card, cardNumber: string): Promise<SealedCard> {
    const { value, sealedNumber } = await this.tokens.seal(scope, card, cardNumber);
    return { card: value, sealedNumber };
  }

  async open(scope: Scope, sealed: SealedCard): Promise<string> {
    return this.tokens.open(scope, sealed.card.token, sealed.sealedNumber);
  }

  async put(scope: Scope, sealed: SealedCard, expiresAt: Date): Promise<void> {
    return this.tokens.put(scope, sealed.card, sealed.sealedNumber, expiresAt);
  }

  async findUnused(scope: Scope, cardToken: string, now: Date): Promise<SealedCard | null> {
    const found = await this.tokens.findUnused(scope, cardToken, now);
    return found ? { card: found.value, sealedNumber: found.sealedNumber } : null;
  }

  consumeIn(change: Change, scope: Scope, cardToken: string, now: Date): Change {
    return this.tokens.consumeIn(change, scope, cardToken, now);
  }
}
