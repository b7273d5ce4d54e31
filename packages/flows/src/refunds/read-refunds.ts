import { PinError, type Refund, type Scope } from '@wattle/domain';
import type { Page, PaymentReader, RefundsStore } from '@wattle/ports';

type Deps = { refunds: RefundsStore };

/** The refund, or 404 (also for another merchant's or environment's). */
export const getRefund = async ({ refunds }: Deps, scope: Scope, refundToken: string): Promise<Refund> => {
  const refund = await refunds.get(scope, refundToken);
  if (!refund) throw new PinError('not_found');
  return refund;
};

export const listRefunds = ({ refunds }: Deps, scope: Scope, page: number): Promise<Page<Refund>> =>
  refunds.list(scope, page);

/** A charge's refunds; 404 when there is no such charge (an authorisation is not one). */
export const listChargeRefunds = async (
  { refunds, payments }: Deps & { payments: PaymentReader },
  scope: Scope,
  chargeToken: string,
  page: number,
): Promise<Page<Refund>> => {
  const charge = await payments.get(scope, chargeToken);
  if (charge?.kind !== 'charge') throw new PinError('not_found');
  return refunds.listForCharge(scope, charge.token, page);
};
