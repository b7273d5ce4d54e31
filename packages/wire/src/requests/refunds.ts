import * as v from 'valibot';
import { integer } from '../validation.ts';

/** POST /charges/{token}/refunds: the amount to refund, all that is left when absent. */
export const refundSchema = v.object({ amount: v.optional(integer()) });
