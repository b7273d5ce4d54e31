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

const dateText = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{4}\/\d{2}\/\d{2}$/, 'must be a date written YYYY/MM/DD'),
  v.transform((text) => new Date(`${text.replaceAll('/', '-')}T00:00:00Z`)),
  v.check((date) => !Number.isNaN(date.getTime()), 'must be a date written YYYY/MM/DD'),
);

/** GET /charges/search query parameters (SPEC.md). */
export const searchSchema = v.object({
  query: v.optional(v.pipe(v.string('is invalid'), v.trim(), v.maxLength(255, 'is too long')), ''),
  start_date: v.optional(dateText),
  end_date: v.optional(dateText),
  sort: v.optional(v.picklist(['created_at', 'amount'], 'must be created_at or amount'), 'created_at'),
  direction: v.optional(v.picklist(['1', '-1'], 'must be 1 or -1'), '1'),
  page: v.optional(v.string()),
});
