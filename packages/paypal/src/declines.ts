import type { DeclineCode } from '@wattle/domain';

/**
 * PayPal's processor response codes (`processor_response.response_code` of an authorization or a
 * capture: the enumeration of Orders v2's `processor_response`) that answer with a Pin decline code
 * other than `card_declined`, with PayPal's name of each. Any code not listed (DO_NOT_HONOR,
 * GENERIC_DECLINE, REFUSED_CARD, ...) is `card_declined`: a refusal is never `gateway_error`, which
 * Pin's clients take as "nothing happened, try again". test/unit/paypal-declines.test.ts holds
 * every code here to the definition's enumeration.
 */
export const responseCodes: ReadonlyArray<{ code: string; name: string; decline: DeclineCode }> = [
  { code: '00N7', name: 'CVV2_FAILURE_POSSIBLE_RETRY_WITH_CVV', decline: 'invalid_cvv' },
  { code: '0390', name: 'ACCOUNT_NOT_FOUND', decline: 'invalid_card' },
  { code: '0800', name: 'BAD_RESPONSE_REVERSAL_REQUIRED', decline: 'processing_error' },
  { code: '0880', name: 'CRYPTOGRAPHIC_FAILURE', decline: 'processing_error' },
  { code: '0960', name: 'SYSTEM_MALFUNCTION', decline: 'processing_error' },
  { code: '1300', name: 'INVALID_DATA_FORMAT', decline: 'processing_error' },
  { code: '1330', name: 'INVALID_ACCOUNT', decline: 'invalid_card' },
  { code: '1335', name: 'INVALID_ACCOUNT_RECURRING', decline: 'invalid_card' },
  { code: '1340', name: 'INVALID_TERMINAL', decline: 'processing_error' },
  { code: '1350', name: 'INVALID_MERCHANT', decline: 'processing_error' },
  { code: '1360', name: 'BAD_PROCESSING_CODE', decline: 'processing_error' },
  { code: '1370', name: 'INVALID_MCC', decline: 'processing_error' },
  { code: '1380', name: 'INVALID_EXPIRATION', decline: 'expired_card' },
  { code: '1382', name: 'INVALID_CARD_VERIFICATION_VALUE', decline: 'invalid_cvv' },
  { code: '5110', name: 'CVV2_FAILURE', decline: 'invalid_cvv' },
  { code: '5120', name: 'INSUFFICIENT_FUNDS', decline: 'insufficient_funds' },
  { code: '5180', name: 'INVALID_OR_RESTRICTED_CARD', decline: 'invalid_card' },
  { code: '5400', name: 'EXPIRED_CARD', decline: 'expired_card' },
  { code: '5910', name: 'ISSUER_NOT_AVAILABLE_NOT_RETRIABLE', decline: 'processing_error' },
  { code: '5920', name: 'ISSUER_NOT_AVAILABLE_RETRIABLE', decline: 'processing_error' },
  { code: '6300', name: 'ACCOUNT_NOT_ON_FILE', decline: 'invalid_card' },
  { code: '7800', name: 'BIN_ERROR', decline: 'invalid_card' },
  { code: '8000', name: 'PROCESSOR_SYSTEM_ERROR', decline: 'processing_error' },
  { code: '8010', name: 'HOST_KEY_ERROR', decline: 'processing_error' },
  { code: '8020', name: 'CONFIGURATION_ERROR', decline: 'processing_error' },
  { code: '8030', name: 'UNSUPPORTED_OPERATION', decline: 'processing_error' },
  { code: '8100', name: 'FATAL_COMMUNICATION_ERROR', decline: 'processing_error' },
  { code: '8110', name: 'RETRIABLE_COMMUNICATION_ERROR', decline: 'processing_error' },
  { code: '8220', name: 'SYSTEM_UNAVAILABLE', decline: 'processing_error' },
  { code: '9500', name: 'SUSPECTED_FRAUD', decline: 'suspected_fraud' },
  { code: '9510', name: 'SECURITY_VIOLATION', decline: 'suspected_fraud' },
  // PayPal does not tell a lost card from a stolen one: Pin's lost_card is the nearer.
  { code: '9520', name: 'LOST_OR_STOLEN', decline: 'lost_card' },
  { code: '9600', name: 'UNRECOGNIZED_RESPONSE_CODE', decline: 'processing_error' },
  { code: 'PCVV', name: 'CVV_FAILURE', decline: 'invalid_cvv' },
  { code: 'PPC2', name: 'ARC_CVV', decline: 'invalid_cvv' },
  { code: 'PPEF', name: 'EXPIRED_FUNDING_INSTRUMENT', decline: 'expired_card' },
  { code: 'PPER', name: 'INTERNAL_SYSTEM_ERROR', decline: 'processing_error' },
  { code: 'PPEX', name: 'EXPIRY_DATE', decline: 'expired_card' },
  { code: 'PPFI', name: 'INVALID_FUNDING_INSTRUMENT', decline: 'invalid_card' },
  { code: 'PPNT', name: 'NETWORK_ERROR', decline: 'processing_error' },
];

const byCode = new Map(responseCodes.map((row) => [row.code, row.decline]));

/** The Pin decline code of a PayPal processor response code (none given: `card_declined`). */
export const declineFor = (responseCode: string | undefined): DeclineCode =>
  (responseCode ? byCode.get(responseCode) : undefined) ?? 'card_declined';

/**
 * The issues of a 422 to an order's creation that refuse the card itself (PayPal made no
 * payment): declines, with the Pin code each answers with. Any other 4xx is `not_processed`.
 */
export const refusedCardIssues: Readonly<Record<string, DeclineCode>> = {
  CARD_EXPIRED: 'expired_card',
  CARD_CLOSED: 'card_declined',
  TRANSACTION_REFUSED: 'card_declined',
  PAYMENT_DENIED: 'card_declined',
};
