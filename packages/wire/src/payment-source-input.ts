import {
  type Environment,
  isCryptogram,
  isEci,
  maxCryptogramLength,
  type PaymentSourceInput,
  paymentSourceTypes,
  type TokenisedCardDetails,
  tokenisedSourceTypes,
  walletNamed,
} from '@wattle/domain';
import * as v from 'valibot';
import {
  cardInputSchema,
  cardNumberField,
  expiryFields,
  expiryYearUnexpired,
  unexpired,
} from './card-input.ts';
import { optionalText, phrases, requiredText } from './validation.ts';

/**
 * A wallet's (Apple Pay, Google Pay) or network's token as Wattle simulates it: the token's number
 * and expiry, checked as a card's, the cryptogram (base64 or hex, in any length a network gives)
 * and the ECI. `network_type`, the wallet a network token came from (`applepay` or `googlepay`, as
 * Active Merchant sends it), is the card's network type, as Pin shows it (issue 41); a wallet's own
 * token is its wallet's.
 */
const tokenisedCardSchema = (now: Date, environment: Environment) =>
  v.pipe(
    v.object(
      {
        number: cardNumberField(environment),
        ...expiryFields(),
        name: optionalText(),
        cryptogram: v.pipe(
          requiredText(maxCryptogramLength),
          v.check(isCryptogram, 'is not a valid cryptogram'),
        ),
        eci: v.pipe(requiredText(2), v.check(isEci, 'is not a valid ECI')),
        // Any text: some clients send the scheme (`visa`) here, which names no wallet.
        network_type: v.optional(v.unknown()),
      },
      phrases.invalid,
    ),
    v.forward(v.partialCheck([['expiry_month'], ['expiry_year']], unexpired(now), 'is expired'), [
      'expiry_month',
    ]),
    v.forward(v.partialCheck([['expiry_year']], expiryYearUnexpired(now), 'is expired'), ['expiry_year']),
    v.transform(
      (token): TokenisedCardDetails => ({
        number: token.number,
        expiryMonth: token.expiry_month,
        expiryYear: token.expiry_year,
        name: token.name,
        cryptogram: token.cryptogram,
        eci: token.eci,
        wallet: walletNamed(token.network_type),
      }),
    ),
  );

const typeMessage = (issue: v.BaseIssue<unknown>): string =>
  issue.input === undefined || issue.input === null || issue.input === ''
    ? phrases.blank
    : `must be one of ${paymentSourceTypes.slice(0, -1).join(', ')} or ${paymentSourceTypes.at(-1)}`;

/**
 * POST /payment_sources: `type` and its `source`. A card source is a card as POST /cards takes it;
 * the others are tokens with a cryptogram.
 */
export const paymentSourceInputSchema = (now: Date, environment: Environment) =>
  v.pipe(
    v.variant(
      'type',
      [
        v.object({ type: v.literal('card'), source: cardInputSchema(now, environment) }),
        v.object({
          type: v.picklist(tokenisedSourceTypes),
          source: tokenisedCardSchema(now, environment),
        }),
      ],
      typeMessage,
    ),
    v.transform(
      (input): PaymentSourceInput =>
        input.type === 'card'
          ? { type: 'card', details: input.source }
          : { type: input.type, details: input.source },
    ),
  );
