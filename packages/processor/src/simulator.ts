import type { Card, CardProcessor } from '@wattle/domain';
import { declineFor, refundFailsCard } from './test-cards.ts';

const isRefundFailsCard = (card: Card): boolean =>
  card.bin === refundFailsCard.slice(0, 6) && card.displayNumber.endsWith(refundFailsCard.slice(-4));

/**
 * The card processor simulator: outcomes chosen by the test card number, no state and no I/O, so
 * every call is idempotent by construction. Amex cards do not take part in 3-D Secure, so the
 * three_d_secure_unavailable path can be exercised.
 */
export const simulatedProcessor = (): CardProcessor => ({
  authorise: async ({ cardNumber }) => {
    const decline = declineFor(cardNumber);
    return decline ? { approved: false, decline } : { approved: true };
  },
  capture: async () => {},
  void: async () => {},
  refund: async (_reference, _refundReference, _amount, card) =>
    isRefundFailsCard(card)
      ? { settled: false, reason: 'The refund was refused by the card issuer' }
      : { settled: true },
  supportsThreeDSecure: (card) => card.scheme !== 'amex',
});
