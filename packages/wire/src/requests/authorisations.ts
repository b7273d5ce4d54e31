import type { Environment } from '@wattle/domain';
import * as v from 'valibot';
import { byExpiryMonth } from '../by-expiry-month.ts';
import {
  aboveMinimum,
  belowMaximum,
  currencyField,
  maximumPhrase,
  minimumPhrase,
  paymentFields,
} from '../payment-input.ts';
import {
  adjustmentAmountPhrase,
  adjustmentCurrencyPhrase,
  adjustmentInCurrency,
  adjustmentWithinAmount,
  platformAdjustmentField,
} from '../platform-adjustment-input.ts';
import { integer } from '../validation.ts';

/**
 * POST /authorisations: the payment fields of a charge and platform_adjustment, without capture and
 * 3-D Secure. Built once per expiry month (byExpiryMonth): `now` only checks the card's expiry.
 */
export const createAuthorisationSchema = byExpiryMonth((now: Date, environment: Environment) =>
  v.pipe(
    v.object({ ...paymentFields(now, environment), platform_adjustment: platformAdjustmentField() }),
    v.forward(v.partialCheck([['amount'], ['currency']], aboveMinimum, minimumPhrase), ['amount']),
    v.forward(v.partialCheck([['amount']], belowMaximum, maximumPhrase), ['amount']),
    v.forward(
      v.partialCheck(
        [['currency'], ['platform_adjustment', 'currency']],
        adjustmentInCurrency,
        adjustmentCurrencyPhrase,
      ),
      ['platform_adjustment', 'currency'],
    ),
    v.forward(
      v.partialCheck(
        [['amount'], ['platform_adjustment', 'amount']],
        adjustmentWithinAmount,
        adjustmentAmountPhrase,
      ),
      ['platform_adjustment', 'amount'],
    ),
  ),
);

/** POST /authorisations/{token}/charges: the amount to capture, at least the currency's minimum. */
export const captureAuthorisationSchema = (currency: string) =>
  v.pipe(
    v.object({ amount: integer(), currency: v.optional(currencyField(), currency) }),
    v.forward(v.partialCheck([['amount'], ['currency']], aboveMinimum, minimumPhrase), ['amount']),
  );
