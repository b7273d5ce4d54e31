/** Why the cardholder disputes a charge (Pin's API reference shows `general`; the rest are ours). */
export const disputeCategories = ['general', 'fraudulent', 'product_not_received', 'duplicate'] as const;
export type DisputeCategory = (typeof disputeCategories)[number];

/** What the simulated issuer does with a charge made on a dispute test card (kept on the payment). */
export interface DisputeCase {
  category: DisputeCategory;
  /** The issuer withdraws the dispute some days after opening it. */
  withdrawn?: boolean;
  /** The issuer takes the merchant's evidence to arbitration instead of deciding on it. */
  arbitration?: boolean;
}

/** A charge's dispute, once the issuer opened one: `open` while it holds the money (active_chargebacks). */
export interface ChargeDispute {
  token: string;
  open: boolean;
}
