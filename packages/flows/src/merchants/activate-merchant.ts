import { type Merchant, newEvent, PinError, toTimestamp } from '@wattle/domain';
import { Changed, type Clock, type Ids, type MerchantsStore } from '@wattle/ports';
import { presentMerchantSummary } from '@wattle/wire';

export interface ActivateMerchantDeps {
  merchants: MerchantsStore;
  ids: Ids;
  clock: Clock;
}

/**
 * Approves a referred merchant, pending or on hold: its live keys start to work
 * (sub_merchant_application.activated). A declined one stays declined (400 invalid_state).
 * Idempotent: an active merchant, or one another activation approved meanwhile, is answered as it is.
 */
export const activateMerchant = async (
  { merchants, ids, clock }: ActivateMerchantDeps,
  merchantToken: string,
): Promise<Merchant> => {
  const stored = await merchants.get(merchantToken);
  if (!stored) throw new PinError('not_found');
  if (stored.merchant.status === 'active') return stored.merchant;
  if (stored.merchant.status === 'declined')
    throw new PinError('invalid_state', {
      description: 'A declined merchant application cannot be approved.',
    });
  const now = clock.now();
  const active: Merchant = { ...stored.merchant, status: 'active', updatedAt: toTimestamp(now) };
  const event = newEvent(
    ids,
    'sub_merchant_application.activated',
    presentMerchantSummary(active),
    active.updatedAt,
  );
  try {
    await merchants.activate(stored, active, event, now);
  } catch (error) {
    if (!(error instanceof Changed)) throw error;
    // Another activation came first: answer the merchant as it made it.
    const current = await merchants.get(merchantToken);
    if (current?.merchant.status === 'active') return current.merchant;
    throw error;
  }
  return active;
};
