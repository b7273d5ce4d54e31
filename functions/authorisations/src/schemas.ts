import {
  aboveMinimum,
  belowMaximum,
  currencyField,
  integer,
  maximumPhrase,
  minimumPhrase,
  paymentFields,
} from '@wattle/http';
import * as v from 'valibot';

/** POST /authorisations: the payment fields of a charge, without capture and 3-D Secure. */
export const createAuthorisationSchema = (now: Date) =>
  v.pipe(
    v.object(paymentFields(now)),
    v.forward(v.partialCheck([['amount'], ['currency']], aboveMinimum, minimumPhrase), ['amount']),
    v.forward(v.partialCheck([['amount']], belowMaximum, maximumPhrase), ['amount']),
  );

/** POST /authorisations/{token}/charges: the amount to capture, at least the currency's minimum. */
export const captureAuthorisationSchema = (currency: string) =>
  v.pipe(
    v.object({ amount: integer(), currency: v.optional(currencyField(), currency) }),
    v.forward(v.partialCheck([['amount'], ['currency']], aboveMinimum, minimumPhrase), ['amount']),
  );
