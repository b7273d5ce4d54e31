import type { Card } from './card.ts';
import { fieldIssue, PinError } from './errors.ts';

/**
 * A charge the merchant's own 3-D Secure server authenticated (Pin's pass-through form of
 * `three_d_secure`): the protocol version, the ECI, the CAVV (AAV for Mastercard) and the
 * transaction id (the XID for version 1, the Directory Server transaction id for version 2).
 * Wattle records it on the payment and charges without sending the payer anywhere.
 */
export interface ThreeDSecurePassThrough {
  version: string;
  eci: string;
  cavv: string;
  transactionId: string;
}

/** Tells the pass-through form from the redirect form (`enabled`, `callback_url`). */
export const isThreeDSecurePassThrough = (ask: object): ask is ThreeDSecurePassThrough => 'cavv' in ask;

/**
 * The ECIs a scheme's 3-D Secure gives: Mastercard 02 authenticated, 01 attempted, 00 not
 * authenticated; Visa, Amex and the others 05, 06, 07. A scheme the card rules do not name may
 * send any of 00 to 07.
 */
const eciByScheme: Record<string, readonly string[]> = {
  master: ['00', '01', '02'],
  visa: ['05', '06', '07'],
  amex: ['05', '06', '07'],
  diners: ['05', '06', '07'],
  discover: ['05', '06', '07'],
  jcb: ['05', '06', '07'],
  china_union_pay: ['05', '06', '07'],
};

const anyEci = ['00', '01', '02', '03', '04', '05', '06', '07'];

/** The ECIs a card's scheme allows. */
export const ecisOf = (card: Pick<Card, 'scheme'>): readonly string[] => eciByScheme[card.scheme] ?? anyEci;

/**
 * Why a pass-through authentication cannot pay with `card`, or null when it can: its ECI is not
 * one the card's scheme gives (known only once the card token or customer is read).
 */
export const passThroughRefusal = (passThrough: ThreeDSecurePassThrough, card: Card): PinError | null => {
  const allowed = ecisOf(card);
  if (allowed.includes(passThrough.eci)) return null;
  return new PinError('invalid_resource', {
    messages: [
      fieldIssue('three_d_secure[eci]', `is not a ${card.scheme} ECI (one of ${allowed.join(', ')})`),
    ],
  });
};
