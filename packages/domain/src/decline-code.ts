/** The declines Wattle answers with, as Pin's errors name them; a processor's own codes map to these. */
export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'invalid_cvv'
  | 'invalid_card'
  | 'processing_error'
  | 'suspected_fraud'
  | 'expired_card'
  | 'lost_card'
  | 'stolen_card'
  | 'unknown'
  | 'gateway_error';
