import { PinError } from '@wattle/domain';
import { toHttpError } from '@wattle/http';
import {
  cardInputSchema,
  fieldIssues,
  paymentSourceIssues,
  presentNullableToken,
  tokenField,
  validate,
} from '@wattle/wire';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cardFields } from '../helpers/fixtures.ts';

const now = new Date('2026-11-21T05:00:00Z');
const goodCard = cardFields({ number: '4200 0000 0000 0000' });

const issuesOf = (input: unknown, schema = cardInputSchema(now, 'live')) => {
  try {
    validate(schema, input);
  } catch (error) {
    return (error as PinError).messages ?? [];
  }
  throw new Error('validation passed');
};

describe('card input', () => {
  it('coerces form text into the card details', () => {
    const details = validate(cardInputSchema(now, 'live'), goodCard);
    expect(details).toMatchObject({
      number: '4200000000000000',
      expiryMonth: 5,
      expiryYear: 2030,
      addressLine2: null,
    });
  });

  it('takes JSON numbers as well as numeric strings', () => {
    expect(
      validate(cardInputSchema(now, 'live'), { ...goodCard, expiry_month: 5, expiry_year: 2030 }).expiryMonth,
    ).toBe(5);
  });

  it('lists every problem at once, with Pin codes and messages', () => {
    const issues = issuesOf({
      number: '5520000000000099',
      expiry_month: '13',
      cvc: 'abc',
      address_country: 'Atlantis',
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        { param: 'number', code: 'number_invalid', message: 'Card number is not valid' },
        { param: 'expiry_month', code: 'expiry_month_invalid', message: 'Expiry month is invalid' },
        { param: 'expiry_year', code: 'expiry_year_invalid', message: "Expiry year can't be blank" },
        { param: 'cvc', code: 'cvc_invalid', message: 'Cvc is invalid' },
        { param: 'name', code: 'name_invalid', message: "Name can't be blank" },
        { param: 'address_line1', code: 'address_line1_invalid', message: "Address line1 can't be blank" },
        {
          param: 'address_country',
          code: 'address_country_invalid',
          message: 'Address country is not a valid country',
        },
      ]),
    );
  });

  it('reports an expired card on both expiry fields', () => {
    const issues = issuesOf({ ...goodCard, expiry_month: '10', expiry_year: '2026' });
    expect(issues).toEqual([
      { param: 'expiry_month', code: 'expiry_month_invalid', message: 'Expiry month is expired' },
      { param: 'expiry_year', code: 'expiry_year_invalid', message: 'Expiry year is expired' },
    ]);
  });

  it('reports an expired card on both expiry fields beside other problems, as Pin did in 2024 (issue 41.4)', () => {
    const { address_city: _, ...noCity } = goodCard;
    const byParam = (input: unknown) => issuesOf(input).toSorted((a, b) => a.param.localeCompare(b.param));
    expect(byParam({ ...noCity, expiry_month: '12', expiry_year: '20' })).toEqual([
      { param: 'address_city', code: 'address_city_invalid', message: "Address city can't be blank" },
      { param: 'expiry_month', code: 'expiry_month_invalid', message: 'Expiry month is expired' },
      { param: 'expiry_year', code: 'expiry_year_invalid', message: 'Expiry year is expired' },
    ]);
    // A month that is no month says so, and nothing of an expiry.
    expect(byParam({ ...noCity, expiry_month: '13', expiry_year: '20' })).toEqual([
      { param: 'address_city', code: 'address_city_invalid', message: "Address city can't be blank" },
      { param: 'expiry_month', code: 'expiry_month_invalid', message: 'Expiry month is invalid' },
    ]);
  });

  it('names nested params with brackets', () => {
    const schema = v.object({ card: cardInputSchema(now, 'live') });
    const issues = issuesOf({ card: { ...goodCard, address_city: '' } }, schema as never);
    expect(issues).toEqual([
      {
        param: 'card[address_city]',
        code: 'card_address_city_invalid',
        message: "Card address city can't be blank",
      },
    ]);
  });
});

describe('the card source of a payment', () => {
  it('takes exactly one of card, card_token and customer_token, or customer_token with card_token', () => {
    expect(paymentSourceIssues({ card_token: 'card_1' })).toEqual([]);
    expect(paymentSourceIssues({ customer_token: 'cus_1' })).toEqual([]);
    expect(paymentSourceIssues({ customer_token: 'cus_1', card_token: 'card_1' })).toEqual([]);
    expect(paymentSourceIssues({})).toEqual([expect.objectContaining({ param: 'card' })]);
    expect(paymentSourceIssues({ card: {}, card_token: 'card_1' })).toEqual([
      expect.objectContaining({ param: 'card_token' }),
    ]);
    expect(
      paymentSourceIssues({ card: {}, card_token: 'card_1', customer_token: 'cus_1' }).map((i) => i.param),
    ).toEqual(['card_token', 'customer_token']);
  });
});

describe('error bodies', () => {
  it('shape a PinError as Pin does', () => {
    const error = new PinError('invalid_resource', {
      messages: fieldIssues([]).concat([
        { param: 'email', code: 'email_invalid', message: 'Email is invalid' },
      ]),
    });
    expect(toHttpError(error)).toEqual({
      status: 422,
      body: {
        error: 'invalid_resource',
        error_description: 'One or more parameters were missing or invalid',
        messages: [{ param: 'email', code: 'email_invalid', message: 'Email is invalid' }],
      },
    });
  });

  it("name the payment a refusal is about in Pin's words: charge_token or authorisation_token", () => {
    const charge = new PinError('card_declined', { payment: { kind: 'charge', token: 'ch_1' } });
    expect(toHttpError(charge).body).toEqual({
      error: 'card_declined',
      error_description: 'The card was declined',
      charge_token: 'ch_1',
    });
    const authorisation = new PinError('already_captured', {
      payment: { kind: 'authorisation', token: 'auth_1' },
    });
    expect(toHttpError(authorisation).body).toMatchObject({ authorisation_token: 'auth_1' });
    expect(toHttpError(authorisation).body).not.toHaveProperty('charge_token');
  });

  it('hide the detail of anything unexpected behind a 500', () => {
    const { status, body } = toHttpError(new Error('connection string with secrets'));
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toContain('secrets');
  });
});

describe('body tokens', () => {
  const impossible = `card_${'a'.repeat(3000)}`;

  it('reads a token longer than any token as its first 64 characters: unknown, but never refused', () => {
    expect(v.parse(tokenField(), impossible)).toBe(impossible.slice(0, 64));
    expect(v.parse(presentNullableToken(), impossible)).toBe(impossible.slice(0, 64));
    expect(v.parse(tokenField(), ' card_abc ')).toBe('card_abc');
  });

  it('still refuses a blank token, and reads a blank nullable one as null', () => {
    expect(v.safeParse(tokenField(), '').success).toBe(false);
    expect(v.parse(presentNullableToken(), '')).toBeNull();
    expect(v.parse(presentNullableToken(), null)).toBeNull();
  });
});
