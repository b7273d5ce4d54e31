import { type Clock, type PaymentSourceRecord, PinError, type Scope } from '@wattle/domain';
import type { PaymentSourcesStore } from '@wattle/ports';

/** GET /payment_sources/{token}: the unused source; used, expired or another merchant's is 404. */
export const getPaymentSource = async (
  { paymentSources, clock }: { paymentSources: PaymentSourcesStore; clock: Clock },
  scope: Scope,
  token: string,
): Promise<PaymentSourceRecord> => {
  const found = await paymentSources.findUnused(scope, token, clock.now());
  if (!found) throw new PinError('not_found');
  return found.source;
};
