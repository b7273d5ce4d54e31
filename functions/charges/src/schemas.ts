import {
  aboveMinimum,
  belowMaximum,
  booleanField,
  integer,
  maximumPhrase,
  minimumPhrase,
  paymentFields,
  threeDSecureSchema,
} from '@wattle/http';
import * as v from 'valibot';

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
