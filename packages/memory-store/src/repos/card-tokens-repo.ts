import type { Card, ProcessorCard, Scope } from '@wattle/domain';
import type { CardTokensStore, SealedCard } from '@wattle/ports';
import type { Change } from '../world/change.ts';
import type { MemoryWorld } from '../world/world.ts';
import { SingleUseTokens } from './single-use-tokens.ts';

/** Unused card tokens from POST /cards (single use, one month). */
export class CardTokensRepo implements CardTokensStore {
  private readonly tokens: SingleUseTokens<Card>;

  constructor(world: MemoryWorld) {
    this.tokens = new SingleUseTokens<Card>(world, 'card-token');
  }

  async seal(scope: Scope, card: Card, cardNumber: string, cvc?: string): Promise<SealedCard> {
    const { value, ...secrets } = await this.tokens.seal(scope, card, cardNumber, cvc);
    return { card: value, ...secrets };
  }

  async open(scope: Scope, { card, ...secrets }: SealedCard): Promise<ProcessorCard> {
    return { card, ...(await this.tokens.open(scope, card.token, secrets)) };
  }

  async put(scope: Scope, { card, ...secrets }: SealedCard, expiresAt: Date): Promise<void> {
    return this.tokens.put(scope, card, secrets, expiresAt);
  }

  async findUnused(scope: Scope, cardToken: string, now: Date): Promise<SealedCard | null> {
    const found = await this.tokens.findUnused(scope, cardToken, now);
    if (!found) return null;
    const { value, ...secrets } = found;
    return { card: value, ...secrets };
  }

  wasUsed(scope: Scope, cardToken: string, now: Date): Promise<boolean> {
    return this.tokens.wasUsed(scope, cardToken, now);
  }

  consumeIn(change: Change, scope: Scope, cardToken: string, now: Date): Change {
    return this.tokens.consumeIn(change, scope, cardToken, now);
  }
}
