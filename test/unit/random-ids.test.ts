import { randomBytes } from 'node:crypto';
import { randomIds, randomText } from '@wattle/runtime';
import { localCardCipher } from '@wattle/store';
import { describe, expect, it } from 'vitest';

describe('random tokens, from a pool of random bytes', () => {
  it('are 22 URL-safe characters after the prefix, and never repeat across many refills of the pool', () => {
    // 8 KB a fill, 16 bytes a token: 20,000 tokens take the pool through about 40 fills.
    const tokens = Array.from({ length: 20_000 }, () => randomIds.token('ch'));
    for (const token of tokens) expect(token).toMatch(/^ch_[A-Za-z0-9_-]{22}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('hands each byte out once: texts of any length taken one after another never repeat', () => {
    const texts = Array.from({ length: 3_000 }, (_, i) => randomText(8 + (i % 7), 'hex'));
    expect(texts.every((text, i) => text.length === 2 * (8 + (i % 7)))).toBe(true);
    expect(new Set(texts.map((text) => text.slice(0, 16))).size).toBe(texts.length);
  });

  it('gives a text longer than the pool in one piece', () => {
    expect(Buffer.from(randomText(10_000, 'base64url'), 'base64url')).toHaveLength(10_000);
  });
});

describe("a sealed card's IV, from the same pool", () => {
  it('is never the same twice across many refills, and the number opens back only in its context', async () => {
    const cipher = localCardCipher(randomBytes(32));
    // 12 bytes an IV: 2,000 seals take the 8 KB pool through three fills.
    const sealed = await Promise.all(
      Array.from({ length: 2_000 }, () => cipher.seal('4200000000000000', 'acc#test#card_1')),
    );
    expect(new Set(sealed.map((text) => text.split(':')[1])).size).toBe(sealed.length);
    expect(await cipher.open(sealed[1999] as string, 'acc#test#card_1')).toBe('4200000000000000');
    await expect(cipher.open(sealed[0] as string, 'acc#test#card_2')).rejects.toThrow();
  });
});
