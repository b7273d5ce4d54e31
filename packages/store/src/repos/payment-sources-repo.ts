import type { PaymentSourceRecord, Scope } from '@wattle/domain';
import type { PaymentSourcesStore, SealedPaymentSource } from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { type ConsumeIn, type Sealed, SingleUseTokens, singleUseKinds } from '../kernel/single-use-tokens.ts';

const fromSealed = ({ value, ...secrets }: Sealed<PaymentSourceRecord>): SealedPaymentSource => ({
  source: value,
  ...secrets,
});

/**
 * Unused payment sources from POST /payment_sources (single use, one month), kept as card tokens
 * are. The number comes sealed by the card tokens' seal (bound to the source's card), so it opens
 * as that card's wherever the card goes.
 */
export class PaymentSourcesRepo implements PaymentSourcesStore {
  private readonly tokens: SingleUseTokens<PaymentSourceRecord>;

  constructor(ctx: StoreContext) {
    this.tokens = new SingleUseTokens<PaymentSourceRecord>(ctx, singleUseKinds['payment-source']);
  }

  put(scope: Scope, { source, ...secrets }: SealedPaymentSource, expiresAt: Date): Promise<void> {
    return this.tokens.put(scope, { value: source, ...secrets }, expiresAt);
  }

  async findUnused(scope: Scope, token: string, now: Date): Promise<SealedPaymentSource | null> {
    const found = await this.tokens.findUnused(scope, token, now);
    return found ? fromSealed(found) : null;
  }

  /** Uses the source up inside `tx`: the transaction throws TokenUsed if it is gone. */
  readonly consumeIn: ConsumeIn = (tx, scope, token, now) => this.tokens.consumeIn(tx, scope, token, now);
}
