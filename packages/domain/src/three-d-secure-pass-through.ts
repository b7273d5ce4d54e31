/**
 * A charge the merchant's own 3-D Secure server authenticated (Pin's pass-through form of
 * `three_d_secure`): the protocol version, the ECI, the CAVV (AAV for Mastercard) and the
 * transaction id (the XID for version 1, the Directory Server transaction id for version 2).
 * Wattle records it on the payment and charges without sending the payer anywhere; which ECI a
 * scheme gives for which outcome is the scheme's to judge, not a reason to refuse the charge.
 */
export interface ThreeDSecurePassThrough {
  version: string;
  eci: string;
  cavv: string;
  transactionId: string;
}

/** Tells the pass-through form from the redirect form (`enabled`, `callback_url`). */
export const isThreeDSecurePassThrough = (ask: object): ask is ThreeDSecurePassThrough => 'cavv' in ask;
