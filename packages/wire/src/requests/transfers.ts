import { transferCurrency } from '@wattle/domain';
import * as v from 'valibot';
import { integer, requiredText, tokenField } from '../validation.ts';

/** POST /transfers (docs/api/cookbook/transfers.md): AUD only, to a recipient or to `self`. */
export const createTransferSchema = v.object({
  description: requiredText(),
  amount: v.pipe(integer(), v.minValue(0, 'must be at least 0')),
  currency: v.pipe(
    requiredText(3),
    v.toUpperCase(),
    v.check((currency) => currency === transferCurrency, `must be ${transferCurrency}`),
  ),
  recipient: tokenField(),
});
