import type { PinError } from '@wattle/domain';
import {
  bankAccountFields,
  cardInputSchema,
  jsonScalarAsText,
  metadataField,
  nullableText,
  optionalText,
  requiredText,
  updatedText,
  validate,
} from '@wattle/wire';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cardFields } from '../helpers/fixtures.ts';

const now = new Date('2026-11-21T05:00:00Z');

const messagesOf = (schema: v.GenericSchema, input: unknown) => {
  try {
    validate(schema, input);
  } catch (error) {
    return (error as PinError).messages ?? [];
  }
  throw new Error('validation passed');
};

/** A card as the Node and PHP client libraries send it: digits as JSON numbers. */
const numericCard = {
  ...cardFields(),
  number: 5520000000000000,
  expiry_month: 5,
  expiry_year: 2030,
  cvc: 519,
  address_postcode: 6454,
};

describe('JSON numbers and booleans where text is expected', () => {
  it('are read as their text when the number is exact', () => {
    expect(jsonScalarAsText(5520000000000000)).toBe('5520000000000000');
    expect(jsonScalarAsText(519)).toBe('519');
    expect(jsonScalarAsText(-7)).toBe('-7');
    expect(jsonScalarAsText(12.5)).toBe('12.5');
    expect(jsonScalarAsText(Number.MAX_SAFE_INTEGER)).toBe('9007199254740991');
    expect(jsonScalarAsText(true)).toBe('true');
    expect(jsonScalarAsText(false)).toBe('false');
  });

  it('leave integers past 2^53 (digits already lost) and everything else as they are', () => {
    const nineteenDigits = JSON.parse('4000000000000000006') as number;
    expect(jsonScalarAsText(nineteenDigits)).toBe(nineteenDigits);
    expect(jsonScalarAsText(Number.MAX_SAFE_INTEGER + 1)).toBe(Number.MAX_SAFE_INTEGER + 1);
    expect(jsonScalarAsText('text')).toBe('text');
    expect(jsonScalarAsText(null)).toBeNull();
    expect(jsonScalarAsText(undefined)).toBeUndefined();
    expect(jsonScalarAsText({ a: 1 })).toEqual({ a: 1 });
  });

  it('pass every text field builder', () => {
    expect(validate(requiredText(), 6454)).toBe('6454');
    expect(validate(optionalText(), 6454)).toBe('6454');
    expect(validate(updatedText(), 0)).toBe('0');
    expect(validate(nullableText(), 7)).toBe('7');
    expect(validate(requiredText(), false)).toBe('false');
  });

  it('make a card of numbers the card of its digits', () => {
    expect(validate(cardInputSchema(now, 'live'), numericCard)).toMatchObject({
      number: '5520000000000000',
      expiryMonth: 5,
      expiryYear: 2030,
      cvc: '519',
      addressPostcode: '6454',
    });
  });

  it('make a bank account of numbers the account of its digits', () => {
    const schema = v.object(bankAccountFields());
    expect(validate(schema, { name: 'Roland', bsb: 123456, number: 987654321 })).toEqual({
      name: 'Roland',
      bsb: '123456',
      number: '987654321',
    });
  });

  it('still refuse what the text would refuse, with the same messages', () => {
    expect(
      messagesOf(cardInputSchema(now, 'live'), { ...numericCard, number: 5520000000000099, cvc: 51 }),
    ).toEqual([
      { param: 'number', code: 'number_invalid', message: 'Card number is not valid' },
      { param: 'cvc', code: 'cvc_invalid', message: 'Cvc is invalid' },
    ]);
    expect(messagesOf(requiredText(3), 1234)).toEqual([
      { param: 'base', code: 'base_invalid', message: 'Base is too long (maximum is 3 characters)' },
    ]);
  });

  it('refuse a number too large to arrive whole, as an invalid field', () => {
    // A 19-digit number sent as a JSON number arrives rounded to 4000000000000000000.
    const number = JSON.parse('4000000000000000006') as number;
    expect(messagesOf(cardInputSchema(now, 'live'), { ...numericCard, number })).toEqual([
      { param: 'number', code: 'number_invalid', message: 'Number is invalid' },
    ]);
  });
});

describe('metadata', () => {
  const schema = v.object({ metadata: metadataField() });

  it('takes numbers and booleans as text', () => {
    expect(validate(schema, { metadata: { order: 1234, gift: true } })).toEqual({
      metadata: { order: '1234', gift: 'true' },
    });
  });

  it('refuses an array rather than keying it by index', () => {
    expect(messagesOf(schema, { metadata: ['a', 'b'] })).toEqual([
      { param: 'metadata', code: 'metadata_invalid', message: 'Metadata is invalid' },
    ]);
  });
});
