import {
  defaultCurrency,
  defaultMaximumCharge,
  type Environment,
  isAtLeastMinimum,
  isSupportedCurrency,
  isWithinMaximum,
  type Metadata,
  metadataProblem,
  minimumAmount,
} from '@wattle/domain';
import * as v from 'valibot';
import { cardInputSchema } from './card-input.ts';
import {
  emailField,
  exactlyOneOf,
  integer,
  jsonText,
  optionalText,
  phrases,
  requiredText,
  tokenField,
} from './validation.ts';

export const currencyField = () =>
  v.optional(
    v.pipe(
      v.string(phrases.invalid),
      v.trim(),
      v.toUpperCase(),
      v.check(isSupportedCurrency, 'is not a supported currency'),
    ),
    defaultCurrency,
  );

/** Metadata: string keys to text values (numbers and booleans are taken as text), within the limits. */
export const metadataField = () =>
  v.optional(
    v.pipe(
      v.unknown(),
      // An array is no map of keys to values: a record would take its indexes for keys.
      v.check((raw) => !Array.isArray(raw), phrases.invalid),
      v.record(v.string(), jsonText(phrases.invalid), phrases.invalid),
      v.check(
        (metadata) => metadataProblem(metadata) === null,
        (issue) => metadataProblem(issue.input as Metadata) ?? phrases.invalid,
      ),
    ),
    {},
  );

export const ipAddressField = () => v.pipe(requiredText(45), v.ip('is not a valid IP address'));

/** The fields charges and authorisations share (docs/api/cookbook/charges.md, authorisations.md). */
export const paymentFields = (now: Date, environment: Environment) => ({
  email: emailField(),
  description: requiredText(255),
  amount: integer(),
  ip_address: ipAddressField(),
  currency: currencyField(),
  reference: optionalText(255),
  metadata: metadataField(),
  card: v.optional(cardInputSchema(now, environment)),
  card_token: v.optional(tokenField()),
  payment_source_token: v.optional(tokenField()),
  customer_token: v.optional(tokenField()),
});

/** The shared payment fields of a body, as the schema outputs them. */
export type PaymentBody = v.InferOutput<v.ObjectSchema<ReturnType<typeof paymentFields>, undefined>>;

/**
 * The shared payment fields of a validated body under the domain's names (the flows' PaymentInput):
 * the edge maps Pin's names, so no flow names one.
 */
export const paymentRequestOf = (body: PaymentBody) => ({
  amount: body.amount,
  currency: body.currency,
  description: body.description,
  email: body.email,
  ipAddress: body.ip_address,
  reference: body.reference,
  metadata: body.metadata,
  card: body.card,
  cardToken: body.card_token,
  paymentSourceToken: body.payment_source_token,
  customerToken: body.customer_token,
});

/** The card source parameters: exactly one of them, or customer_token with card_token. */
export const paymentSourceNames = ['card', 'card_token', 'payment_source_token', 'customer_token'] as const;

const given = (body: Record<string, unknown>, name: string): boolean =>
  body[name] !== undefined && body[name] !== null && body[name] !== '';

export const paymentSourceIssues = (body: Record<string, unknown>) =>
  // customer_token with card_token names one card (that card of that customer): one source.
  given(body, 'customer_token') &&
  given(body, 'card_token') &&
  !given(body, 'card') &&
  !given(body, 'payment_source_token')
    ? []
    : exactlyOneOf(body, paymentSourceNames);

/** The amount is at least the minimum of its currency (the domain's rule, on the parsed fields). */
export const aboveMinimum = (input: { amount: number; currency: string }): boolean =>
  isAtLeastMinimum(input.amount, input.currency);

export const minimumPhrase = (issue: { input: unknown }): string =>
  `must be at least ${minimumAmount((issue.input as { currency: string }).currency)}`;

/** The amount is at most the account's largest charge (the domain's rule, on the parsed fields). */
export const belowMaximum = (input: { amount: number }): boolean => isWithinMaximum(input.amount);

export const maximumPhrase = `must be no more than ${defaultMaximumCharge}`;
