import type { DeclineCode } from '@wattle/domain';

/**
 * The simulator's test cards: Pin's table (docs/guide/test-cards.md) and, for the declines Pin lists
 * that Pin has no test card for, numbers of our own. Any other valid number is approved.
 */
export const declineCards: Record<DeclineCode, { visa: string; mastercard: string; amex: string }> = {
  card_declined: { visa: '4100000000000001', mastercard: '5560000000000001', amex: '371000000000001' },
  insufficient_funds: { visa: '4000000000000002', mastercard: '5510000000000002', amex: '370000000000002' },
  invalid_cvv: { visa: '4900000000000003', mastercard: '5550000000000003', amex: '379000000000003' },
  invalid_card: { visa: '4800000000000004', mastercard: '5500000000000004', amex: '378000000000004' },
  processing_error: { visa: '4700000000000005', mastercard: '5590000000000005', amex: '377000000000005' },
  suspected_fraud: { visa: '4600000000000006', mastercard: '5540000000000006', amex: '376000000000006' },
  gateway_error: { visa: '4300000000000009', mastercard: '5570000000000009', amex: '373000000000009' },
  unknown: { visa: '4400000000000099', mastercard: '5530000000000099', amex: '374000000000099' },
  expired_card: { visa: '4500000000000007', mastercard: '5521000000000009', amex: '375000000000007' },
  lost_card: { visa: '4510000000000005', mastercard: '5522000000000008', amex: '376100000000004' },
  stolen_card: { visa: '4520000000000003', mastercard: '5523000000000007', amex: '376200000000002' },
};

export const successCards = {
  visa: '4200000000000000',
  mastercard: '5520000000000000',
  amex: '372000000000000',
};

/** Charges on this card succeed, but their refunds fail when they settle. */
export const refundFailsCard = '4530000000000001';

const byNumber = new Map<string, DeclineCode>(
  Object.entries(declineCards).flatMap(([code, numbers]) =>
    Object.values(numbers).map((number) => [number, code as DeclineCode] as const),
  ),
);

export const declineFor = (cardNumber: string): DeclineCode | null => byNumber.get(cardNumber) ?? null;

/**
 * The outcomes only the payment processor port has (unknown, pending, 3-D Secure the processor
 * asks for), each chosen by a card of its own. Visa numbers, 461... to 468..., Luhn-valid.
 */
export const processorOutcomeCards = {
  /** The authorisation's outcome is unknown (a timeout at a real processor); resolving voids it. */
  unknownOutcome: '4610000000000012',
  /** The processor asks for 3-D Secure although the merchant did not (as a real one may). */
  threeDSecureRequired: '4620000000000010',
  /** The capture is pending (taken, its outcome told by notification), and then succeeds. */
  capturePending: '4630000000000018',
  /** The capture is pending, and then fails (its notification says so). */
  captureFailsLater: '4640000000000016',
  /** The void is pending, and then succeeds. */
  voidPending: '4650000000000013',
  /** Refunds are pending, and then succeed. */
  refundPending: '4660000000000011',
  /** Refunds are pending, and then fail. */
  refundFailsLater: '4670000000000019',
} as const;

export type ProcessorOutcomeCase = keyof typeof processorOutcomeCards;

const caseByNumber = new Map<string, ProcessorOutcomeCase>(
  Object.entries(processorOutcomeCards).map(([name, number]) => [number, name as ProcessorOutcomeCase]),
);

export const processorOutcomeFor = (cardNumber: string): ProcessorOutcomeCase | null =>
  caseByNumber.get(cardNumber) ?? null;
