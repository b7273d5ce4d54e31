import { type Merchant, newEvent, PinError, type ReviewOutcome, toTimestamp } from '@wattle/domain';
import { Changed, type Clock, type Ids, type MerchantsStore } from '@wattle/ports';
import { presentMerchantSummary } from '@wattle/wire';

export interface ReviewMerchantDeps {
  merchants: MerchantsStore;
  ids: Ids;
  clock: Clock;
}

/** Where each outcome may start: a held application may still be declined, not held again. */
const reviewableFrom: Record<ReviewOutcome, readonly Merchant['status'][]> = {
  declined: ['pending_approval', 'on_hold'],
  on_hold: ['pending_approval'],
};

const refused = (merchant: Merchant, outcome: ReviewOutcome) =>
  new PinError('invalid_state', {
    description: `A merchant application that is ${merchant.status.replace('_', ' ')} cannot be ${outcome === 'declined' ? 'declined' : 'put on hold'}.`,
  });

/**
 * The operator's review of a referred merchant, beside its approval (activateMerchant): declined,
 * or put on hold for more information, with sub_merchant_application.declined / .on_hold; the live
 * keys stay suspended. Idempotent: a merchant already in that state is answered as it is; an
 * active or declined one cannot be reviewed again (400 invalid_state).
 */
export const reviewMerchant = async (
  { merchants, ids, clock }: ReviewMerchantDeps,
  merchantToken: string,
  outcome: ReviewOutcome,
): Promise<Merchant> => {
  const stored = await merchants.get(merchantToken);
  if (!stored) throw new PinError('not_found');
  const { merchant } = stored;
  if (merchant.status === outcome) return merchant;
  if (!reviewableFrom[outcome].includes(merchant.status)) throw refused(merchant, outcome);
  const now = clock.now();
  const reviewed: Merchant = { ...merchant, status: outcome, updatedAt: toTimestamp(now) };
  const event = newEvent(
    ids,
    `sub_merchant_application.${outcome}`,
    presentMerchantSummary(reviewed),
    reviewed.updatedAt,
  );
  try {
    await merchants.review(reviewed, event, now);
  } catch (error) {
    if (!(error instanceof Changed)) throw error;
    // Another review or the approval came first: the same outcome is this one's answer.
    const current = await merchants.get(merchantToken);
    if (current?.merchant.status === outcome) return current.merchant;
    throw current ? refused(current.merchant, outcome) : error;
  }
  return reviewed;
};
