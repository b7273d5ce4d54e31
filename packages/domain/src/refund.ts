/** A refund of a captured charge: created Pending, settled to Success (or Failed) by a scheduled job. */
export interface Refund {
  token: string;
  chargeToken: string;
  amount: number;
  currency: string;
  createdAt: string;
  state: 'pending' | 'succeeded' | 'failed';
  errorMessage: string | null;
}

/** How long after its creation a refund settles. */
export const refundSettlementSeconds = 60 * 60;
