import { booleanField, emailField } from '@wattle/wire';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/** The fields Wattle reads as real clients write them, no more strictly than Pin. */
const parses = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input);

describe('booleans', () => {
  it("take JSON booleans, true/false in any case (Python's requests writes True and False), and 1/0", () => {
    for (const [input, value] of [
      [true, true],
      [false, false],
      ['true', true],
      ['false', false],
      ['True', true],
      ['False', false],
      ['FALSE', false],
      ['1', true],
      ['0', false],
    ] as const) {
      expect(parses(booleanField(), input), String(input)).toMatchObject({ success: true, output: value });
    }
  });

  it('refuse what could be read either way, rather than move money on a guess', () => {
    for (const input of ['yes', 'no', 'on', '', 'f', 2, null]) {
      expect(parses(booleanField(), input).success, String(input)).toBe(false);
    }
  });
});

describe('email addresses', () => {
  it('take every address a web form takes: apostrophes, plus tags, punycode domains, long TLDs', () => {
    for (const email of [
      "o'connor@example.com",
      'first.last+tag@example.com',
      'user@xn--80ak6aa92e.com',
      'user@example.museum',
      'A_B@sub-domain.example.com.au',
      '  roland@example.com ',
    ]) {
      expect(parses(emailField(), email).success, email).toBe(true);
    }
  });

  it('refuse what is no address, or would carry markup', () => {
    for (const email of [
      'roland',
      'roland@',
      '@example.com',
      'two@@example.com',
      'with space@example.com',
      '"quoted"@example.com',
      '<script>@example.com',
      'user@-example.com',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      expect(parses(emailField(), email).success, email).toBe(false);
    }
  });
});
