import { fieldIssue, invalidResource } from '@wattle/domain';
import { createRefund } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { phrases, presentRefund, refundSchema, validate } from '@wattle/wire';
import type { RefundsDeps } from './deps.ts';

/**
 * Pin checks a refund's amount for presence and for being a number apart, so an amount sent blank
 * (omit it for a full refund) breaks both rules, and both are listed (docs/api/behaviour.md).
 */
const blankAmount = [fieldIssue('amount', phrases.blank), fieldIssue('amount', phrases.notANumber)];

/** POST /charges/{token}/refunds: 201 Pending refund of `amount` (default: what is left). */
export const refundCharge: RouteHandler<RefundsDeps, 'POST /1/charges/{charge_token}/refunds'> = async (
  request,
  deps,
) => {
  const sent = request.body.amount;
  if (sent === '' || sent === null) throw invalidResource(blankAmount);
  const { amount } = validate(refundSchema, request.body);
  const refund = await createRefund(deps, scopeOf(request), request.params.charge_token, amount);
  return resource(201, presentRefund(refund));
};
