import {
  type CardDetails,
  type Environment,
  isExpired,
  isKnownCountry,
  isValidCardNumber,
  isValidCvc,
  normaliseCardNumber,
} from '@wattle/domain';
import * as v from 'valibot';
import { byExpiryMonth } from './by-expiry-month.ts';
import { integer, nullableText, optionalText, phrases, requiredText } from './validation.ts';

/**
 * What Pin says of a card number that is no card's (not Luhn-valid). In the test environment, the
 * parameter's name and Pin's pointer to its test cards, as Pin's test API answered POST /cards in
 * 2020 and in 2024 (test/conformance/recordings/htdc-pinxs.json: "Number is not a valid Pin
 * Payments test card number.", 27 spaces, "See https://pinpayments.com/docs/api/test-cards"); for
 * `card[number]` that is "Card number is not a valid …". In live, where no test card applies,
 * "Card number is not valid" whatever the parameter, as clients recorded it before 2020.
 */
export const notACardNumber: Record<Environment, string> = {
  test: `is not a valid Pin Payments test card number.${' '.repeat(27)}See https://pinpayments.com/docs/api/test-cards`,
  live: 'Card number is not valid',
};

/** A card number (a card's, or a wallet's token number): digits as typed, 12 to 19, Luhn-valid. */
export const cardNumberField = (environment: Environment) =>
  v.pipe(
    requiredText(40),
    v.transform(normaliseCardNumber),
    v.check(isValidCardNumber, notACardNumber[environment]),
  );

/** The expiry month and year of a card or a token. */
export const expiryFields = () => ({
  expiry_month: v.pipe(
    integer(phrases.invalid),
    v.minValue(1, phrases.invalid),
    v.maxValue(12, phrases.invalid),
  ),
  expiry_year: v.pipe(
    integer(phrases.invalid),
    v.minValue(0, phrases.invalid),
    v.maxValue(9999, phrases.invalid),
  ),
});

/** A card or token past its expiry month is invalid (422) on both expiry fields, as Pin answers. */
export const unexpired =
  (now: Date) =>
  (card: { expiry_month: number; expiry_year: number }): boolean =>
    !isExpired(card.expiry_month, card.expiry_year, now);

const isMonth = (month: unknown): boolean =>
  Number.isInteger(month) && Number(month) >= 1 && Number(month) <= 12;

/**
 * The year's side of `unexpired`, beside whatever else is wrong with the card, as Pin answered in
 * 2024 (issue 41.4): checked on the year's path alone (valibot skips a check whose paths have an
 * issue, and the month's "is expired" is one), so it reads the month itself, and says nothing when
 * the month is no month.
 */
export const expiryYearUnexpired =
  (now: Date) =>
  (card: { expiry_year: number }): boolean => {
    const month = (card as { expiry_month?: unknown }).expiry_month;
    return !isMonth(month) || unexpired(now)({ expiry_month: Number(month), expiry_year: card.expiry_year });
  };

/**
 * The card input fields of Pin's API reference (POST /cards, a customer's cards, and `card[...]` elsewhere).
 * Expiry is checked against `now`: a card past its expiry month is invalid (422), as Pin answers.
 * Built once per expiry month (byExpiryMonth).
 */
export const cardInputSchema = byExpiryMonth((now: Date, environment: Environment) =>
  v.pipe(
    v.object(
      {
        number: cardNumberField(environment),
        ...expiryFields(),
        cvc: v.pipe(requiredText(4), v.check(isValidCvc, phrases.invalid)),
        name: requiredText(),
        address_line1: requiredText(),
        address_line2: nullableText(),
        address_city: requiredText(),
        address_postcode: optionalText(20),
        address_state: optionalText(),
        address_country: v.pipe(requiredText(), v.check(isKnownCountry, 'is not a valid country')),
      },
      phrases.invalid,
    ),
    v.forward(v.partialCheck([['expiry_month'], ['expiry_year']], unexpired(now), 'is expired'), [
      'expiry_month',
    ]),
    v.forward(v.partialCheck([['expiry_year']], expiryYearUnexpired(now), 'is expired'), ['expiry_year']),
    v.transform(
      (card): CardDetails => ({
        number: card.number,
        expiryMonth: card.expiry_month,
        expiryYear: card.expiry_year,
        cvc: card.cvc,
        name: card.name,
        addressLine1: card.address_line1,
        addressLine2: card.address_line2,
        addressCity: card.address_city,
        addressPostcode: card.address_postcode,
        addressState: card.address_state,
        addressCountry: card.address_country,
      }),
    ),
  ),
);

/** The card input fields that are not the card: what remains of a body once they are taken. */
export const cardFieldNames = [
  'number',
  'expiry_month',
  'expiry_year',
  'cvc',
  'name',
  'address_line1',
  'address_line2',
  'address_city',
  'address_postcode',
  'address_state',
  'address_country',
] as const;
