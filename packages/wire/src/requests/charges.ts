import type { Environment } from '@wattle/domain';
import * as v from 'valibot';
import { byExpiryMonth } from '../by-expiry-month.ts';
import { aboveMinimum, belowMaximum, maximumPhrase, minimumPhrase, paymentFields } from '../payment-input.ts';
import {
  adjustmentAmountPhrase,
  adjustmentCurrencyPhrase,
  adjustmentInCurrency,
  adjustmentWithinAmount,
  platformAdjustmentField,
} from '../platform-adjustment-input.ts';
import { threeDSecureSchema } from '../three-d-secure-input.ts';
import { booleanField, integer } from '../validation.ts';

/**
 * POST /charges (docs/api/cookbook/charges.md): the shared payment fields, capture, three_d_secure,
 * platform_adjustment.
 * Built once per expiry month (byExpiryMonth): `now` only checks the card's expiry.
 */
export const createChargeSchema = byExpiryMonth((now: Date, environment: Environment) =>
  v.pipe(
    v.object({
      ...paymentFields(now, environment),
      capture: v.optional(booleanField(), true),
      three_d_secure: v.optional(threeDSecureSchema),
      platform_adjustment: platformAdjustmentField(),
    }),
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

/** PUT /charges/{token}/capture: no body needed; an amount, when sent, must be the full amount. */
export const captureSchema = v.object({ amount: v.optional(integer()) });
