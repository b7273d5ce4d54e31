import type { PaymentSourceRecord, Scope } from '@wattle/domain';
import type { PaymentSourcesStore, SealedPaymentSource } from '@wattle/ports';
import type { Change } from '../world/change.ts';
import type { MemoryWorld } from '../world/world.ts';
import { SingleUseTokens } from './single-use-tokens.ts';

/** Unused payment sources from POST /payment_sources (single use, one month), kept as card tokens are. */
export class PaymentSourcesRepo implements PaymentSourcesStore {
  private readonly tokens: SingleUseTokens<PaymentSourceRecord>;

  constructor(world: MemoryWorld) {
    this.tokens = new SingleUseTokens<PaymentSourceRecord>(world, 'payment-source');
  }

  async put(scope: Scope, { source, ...secrets }: SealedPaymentSource, expiresAt: Date): Promise<void> {
    return this.tokens.put(scope, source, secrets, expiresAt);
  }

  async findUnused(scope: Scope, token: string, now: Date): Promise<SealedPaymentSource | null> {
    const found = await this.tokens.findUnused(scope, token, now);
    if (!found) return null;
    const { value, ...secrets } = found;
    return { source: value, ...secrets };
  }

  consumeIn(change: Change, scope: Scope, token: string, now: Date): Change {
    return this.tokens.consumeIn(change, scope, token, now);
  }
}
