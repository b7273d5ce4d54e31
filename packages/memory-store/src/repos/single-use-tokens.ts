import { type Scope, toEpochSeconds } from '@wattle/domain';
import {
  type CardSecrets,
  openCardSecrets,
  type SealedSecrets,
  sealCardSecrets,
  tokenUsed,
} from '@wattle/ports';
import type { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { scoped, sealContext } from '../world/keys.ts';
import type { MemoryWorld } from '../world/world.ts';

interface UnusedToken<T> {
  value: T;
  sealedNumber: string;
  /** A card's CVC, sealed apart, until the one payment it was sent for is authorised. */
  sealedCvc?: string;
  expiresAt: number;
}

/** What a used token leaves until its month ends: the time of its use, nothing of its card. */
interface UsedToken {
  usedAt: number;
  expiresAt: number;
}

type StoredToken<T> = UnusedToken<T> | UsedToken;

const isUnused = <T>(stored: StoredToken<T> | undefined): stored is UnusedToken<T> =>
  stored !== undefined && !('usedAt' in stored);

/**
 * Single-use tokens that expire (card tokens, bank account tokens, payment sources): every read and
 * every use compares the expiry with the time given, using one turns it into the mark of its use,
 * so a token is used once however many changes race for it, and a later request is told it was
 * used; the retention sweep removes the ones never used and the marks once their month ends.
 */
export class SingleUseTokens<T extends { token: string }> {
  private readonly tokens;

  constructor(
    private readonly world: MemoryWorld,
    private readonly kind: string,
  ) {
    this.tokens = world.expiring<StoredToken<T>>(kind, (stored) => stored.expiresAt);
  }

  /** Seals the number, and the CVC when given (a card's, for its one authorisation). */
  async seal(scope: Scope, value: T, number: string, cvc?: string): Promise<{ value: T } & SealedSecrets> {
    return {
      value,
      ...(await sealCardSecrets(this.world.cipher, sealContext(scope, value.token), number, cvc)),
    };
  }

  /** The number in clear, and the CVC if sealed with one, for the processor. */
  async open(scope: Scope, token: string, sealed: SealedSecrets): Promise<CardSecrets> {
    return openCardSecrets(this.world.cipher, sealContext(scope, token), sealed);
  }

  async put(
    scope: Scope,
    value: T,
    { sealedNumber, sealedCvc }: SealedSecrets,
    expiresAt: Date,
  ): Promise<void> {
    const id = scoped(scope, value.token);
    if (this.tokens.has(id)) throw new Error(`The ${this.kind} ${value.token} exists already`);
    const stored: UnusedToken<T> = {
      value: copy(value),
      sealedNumber,
      ...(sealedCvc ? { sealedCvc } : {}),
      expiresAt: toEpochSeconds(expiresAt),
    };
    this.tokens.set(id, stored);
    this.world.expiry.add(this.kind, id, stored.expiresAt);
  }

  async findUnused(scope: Scope, token: string, now: Date): Promise<({ value: T } & SealedSecrets) | null> {
    const stored = this.tokens.get(scoped(scope, token));
    if (!isUnused(stored) || stored.expiresAt <= toEpochSeconds(now)) return null;
    const found = { value: copy(stored.value), sealedNumber: stored.sealedNumber };
    return stored.sealedCvc ? { ...found, sealedCvc: stored.sealedCvc } : found;
  }

  /** Whether the token was used (its mark is there, its month not over). */
  async wasUsed(scope: Scope, token: string, now: Date): Promise<boolean> {
    const stored = this.tokens.get(scoped(scope, token));
    return stored !== undefined && !isUnused(stored) && stored.expiresAt > toEpochSeconds(now);
  }

  /**
   * Uses the token up in `change`, leaving the mark of its use: TokenUsed when it is not unused
   * (used, expired, never made).
   */
  consumeIn(change: Change, scope: Scope, token: string, now: Date): Change {
    const id = scoped(scope, token);
    const at = toEpochSeconds(now);
    return change
      .check(() => {
        const stored = this.tokens.get(id);
        return isUnused(stored) && stored.expiresAt > at;
      }, tokenUsed(token))
      .write(() => {
        const { expiresAt } = this.tokens.get(id) as UnusedToken<T>;
        this.tokens.set(id, { usedAt: at, expiresAt });
      });
  }
}
