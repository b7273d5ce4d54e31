import { createHash } from 'node:crypto';
import { derivedPaymentToken, paymentTokenFor } from '@wattle/flows';
import { randomIds } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';

describe('derived payment tokens', () => {
  it('hash their seed with SHA-256 as before, so tokens derived earlier name the same payments', () => {
    for (const [kind, prefix] of [
      ['charge', 'ch'],
      ['authorisation', 'auth'],
    ] as const) {
      const seed = 'acct_1#test#charge#key-1';
      expect(derivedPaymentToken(randomIds, kind, seed)).toBe(
        `${prefix}_${createHash('sha256').update(seed).digest('base64url').slice(0, 22)}`,
      );
    }
  });

  it('name one payment per merchant, environment, kind and Idempotency-Key', () => {
    const scope = { accountId: 'acct_1', environment: 'test' } as const;
    const token = paymentTokenFor(randomIds, 'charge', scope, 'order-1');
    expect(token).toMatch(/^ch_[A-Za-z0-9_-]{22}$/);
    expect(paymentTokenFor(randomIds, 'charge', scope, 'order-1')).toBe(token);
    expect(paymentTokenFor(randomIds, 'authorisation', scope, 'order-1')).not.toBe(
      token.replace('ch_', 'auth_'),
    );
    expect(paymentTokenFor(randomIds, 'charge', { ...scope, environment: 'live' }, 'order-1')).not.toBe(
      token,
    );
    expect(paymentTokenFor(randomIds, 'charge', { ...scope, accountId: 'acct_2' }, 'order-1')).not.toBe(
      token,
    );
  });
});
