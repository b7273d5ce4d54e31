import type { PlatformAdjustment } from '@wattle/domain';
import * as v from 'valibot';
import { integer, phrases, requiredText } from './validation.ts';

/**
 * `platform_adjustment[amount]` and `[currency]` (Pin's object, both required when it is sent):
 * a whole number of the currency's base units, not negative; the currency as `currency` is read
 * (any case). Absent or null: none. Checked against the charge by the actions below.
 */
export const platformAdjustmentField = () =>
  v.nullish(
    v.object(
      {
        amount: v.pipe(integer(), v.minValue(0, 'must be at least 0')),
        currency: v.pipe(requiredText(3), v.toUpperCase()),
      },
      phrases.invalid,
    ),
  );

/** The adjustment is in the charge's currency. */
export const adjustmentInCurrency = (input: {
  currency: string;
  platform_adjustment?: Pick<PlatformAdjustment, 'currency'> | null | undefined;
}): boolean => !input.platform_adjustment || input.platform_adjustment.currency === input.currency;

export const adjustmentCurrencyPhrase = (issue: { input: unknown }): string =>
  `must be the charge's currency (${(issue.input as { currency: string }).currency})`;

/** The adjustment is at most the charge's amount (what the fees leave is checked with the card). */
export const adjustmentWithinAmount = (input: {
  amount: number;
  platform_adjustment?: Pick<PlatformAdjustment, 'amount'> | null | undefined;
}): boolean => !input.platform_adjustment || input.platform_adjustment.amount <= input.amount;

export const adjustmentAmountPhrase = (issue: { input: unknown }): string =>
  `must be no more than the charge amount of ${(issue.input as { amount: number }).amount}`;

/** The validated `platform_adjustment` as the payment order holds it (absent when none). */
export const platformAdjustmentOf = (input: {
  platform_adjustment?: PlatformAdjustment | null | undefined;
}): { platformAdjustment?: PlatformAdjustment } =>
  input.platform_adjustment ? { platformAdjustment: input.platform_adjustment } : {};
