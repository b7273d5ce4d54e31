import type { Environment } from '@wattle/domain';
import * as v from 'valibot';
import { byExpiryMonth } from '../by-expiry-month.ts';
import { cardFieldNames, cardInputSchema } from '../card-input.ts';
import { emailField, exactlyOneOf, optionalText, tokenField, updatedText } from '../validation.ts';

/** POST /customers; built once per expiry month (byExpiryMonth): `now` only checks the card's expiry. */
export const createCustomerSchema = byExpiryMonth((now: Date, environment: Environment) =>
  v.object({
    email: emailField(),
    first_name: optionalText(),
    last_name: optionalText(),
    phone_number: optionalText(50),
    company: optionalText(),
    notes: optionalText(2000),
    card: v.optional(cardInputSchema(now, environment)),
    card_token: v.optional(tokenField()),
    payment_source_token: v.optional(tokenField()),
  }),
);

/** POST /customers takes exactly one of card, card_token and payment_source_token. */
export const createCustomerOneOf = (body: Record<string, unknown>) =>
  exactlyOneOf(body, ['card', 'card_token', 'payment_source_token']);

/** PUT /customers/{token}; built once per expiry month, as createCustomerSchema. */
export const updateCustomerSchema = byExpiryMonth((now: Date, environment: Environment) =>
  v.object({
    email: v.optional(emailField()),
    first_name: updatedText(),
    last_name: updatedText(),
    phone_number: updatedText(50),
    company: updatedText(),
    notes: updatedText(2000),
    card: v.optional(cardInputSchema(now, environment)),
    card_token: v.optional(tokenField()),
    payment_source_token: v.optional(tokenField()),
    primary_card_token: v.optional(tokenField()),
  }),
);

export const cardTokenSchema = v.object({ card_token: tokenField() });
export const paymentSourceTokenSchema = v.object({ payment_source_token: tokenField() });

/** POST /customers/{token}/cards: the card fields, or card_token, not both. */
export const cardFieldsGiven = (body: Record<string, unknown>): boolean =>
  cardFieldNames.some((name) => body[name] !== undefined);
