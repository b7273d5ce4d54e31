import { declined, type Payment, type PinError } from '@wattle/domain';

/**
 * How a bill's charge ended: paid, declined (with the decline's Pin error), abandoned (nothing was
 * charged), or still being processed (a payment a crash left `processing`, which the payment
 * recovery job settles).
 */
export type BillOutcome =
  | { kind: 'paid'; charge: Payment | null }
  | { kind: 'declined'; error: PinError; charge: Payment | null }
  | { kind: 'abandoned' }
  | { kind: 'processing' };

/** Reads a charge's outcome: a bill is paid when its charge was captured. */
export const outcomeOf = (charge: Payment): BillOutcome => {
  if (charge.state === 'captured') return { kind: 'paid', charge };
  if (charge.state === 'failed') return { kind: 'declined', error: declined(charge), charge };
  return { kind: 'processing' };
};
