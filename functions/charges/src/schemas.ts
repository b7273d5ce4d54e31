import {
  aboveMinimum,
  belowMaximum,
  booleanField,
  integer,
  maximumPhrase,
  minimumPhrase,
  paymentFields,
  requiredText,
} from '@wattle/http';
import * as v from 'valibot';

const threeDSecureSchema = v.object(
  {
    enabled: booleanField(),
    callback_url: v.pipe(requiredText(2000), v.url('is not a valid URL')),
    fallback_ok: v.optional(booleanField(), false),
  },
  'is invalid',
);

/** POST /charges (SPEC.md): the shared payment fields, capture and three_d_secure. */
export const createChargeSchema = (now: Date) =>
  v.pipe(
    v.object({
      ...paymentFields(now),
      capture: v.optional(booleanField(), true),
      three_d_secure: v.optional(threeDSecureSchema),
    }),
    v.forward(v.partialCheck([['amount'], ['currency']], aboveMinimum, minimumPhrase), ['amount']),
    v.forward(v.partialCheck([['amount']], belowMaximum, maximumPhrase), ['amount']),
  );

/** PUT /charges/{token}/capture: no body needed; an amount, when sent, must be the full amount. */
export const captureSchema = v.object({ amount: v.optional(integer()) });
