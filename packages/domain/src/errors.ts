/**
 * The one catalogue of Pin error codes: HTTP status and default description (docs/api/requests.md, "Errors";
 * Pin's API reference). Everything that answers an error takes its status and text from here.
 */
export const errorCatalogue = {
  // Pin's 422 and 401 texts have no final full stop (docs/api/behaviour.md); clients compare them.
  invalid_resource: { status: 422, description: 'One or more parameters were missing or invalid' },
  unprocessable_entity: { status: 422, description: 'One or more parameters were missing or invalid' },
  too_many_card_parameters: {
    status: 422,
    description: 'Only one of card, card_token and primary_card_token may be given.',
  },
  three_d_secure_unavailable: {
    status: 422,
    description: '3D Secure is not available with this configuration.',
  },
  card_declined: { status: 400, description: 'The card was declined' },
  insufficient_funds: {
    status: 400,
    description: 'There are not enough funds available to process the requested amount',
  },
  invalid_cvv: { status: 400, description: 'The card verification code (cvc) was not in the correct format' },
  invalid_card: { status: 400, description: 'The card was invalid' },
  processing_error: { status: 400, description: 'An error occurred while processing the card' },
  suspected_fraud: {
    status: 400,
    description: 'The transaction was flagged as possibly fraudulent and subsequently declined',
  },
  expired_card: { status: 400, description: 'The card has expired' },
  lost_card: { status: 400, description: 'The card was reported lost by its issuer' },
  stolen_card: { status: 400, description: 'The card was reported stolen by its issuer' },
  unknown: { status: 400, description: 'Sorry, an unknown error has occurred. This is being investigated' },
  gateway_error: {
    status: 502,
    description: 'An upstream error occurred while processing the transaction. Please try again.',
  },
  authorisation_expired: { status: 400, description: 'The authorisation has expired.' },
  already_voided: { status: 400, description: 'The authorisation has already been voided.' },
  already_captured: { status: 400, description: 'The authorisation has already been captured.' },
  bad_authorisation: { status: 400, description: 'The authorisation was not successful.' },
  // Pin's text as recorded (htdc/pinxs test/http_recordings/capture_partial_charge.json, 2018).
  invalid_capture_amount: {
    status: 400,
    description: 'You must capture the full amount that was authorised',
  },
  // Pin's text as recorded (htdc/pinxs test/http_recordings/charge_with_used_card_token.json, 2018).
  token_already_used: {
    status: 400,
    description:
      'Token already used. Card tokens can only be used once, to create a charge or assign a card to a customer',
  },
  cannot_delete_plan: {
    status: 400,
    description: 'A plan with active or trial subscriptions cannot be deleted.',
  },
  cannot_delete_primary_card: {
    status: 400,
    description: "You cannot delete a customer's primary card token",
  },
  invalid_state: { status: 400, description: 'The subscription cannot be changed in its current state.' },
  cannot_replay_webhook: { status: 400, description: 'The webhook cannot be replayed.' },
  dispute_evidence_already_submitted: {
    status: 400,
    description: 'Evidence for this dispute has been submitted: it and its files can no longer change.',
  },
  dispute_closed: { status: 400, description: 'The dispute cannot be changed in its current state.' },
  bad_request: { status: 400, description: 'The request could not be understood.' },
  unauthenticated: { status: 401, description: 'Not authorised. (Check API Key)' },
  unauthorized: { status: 401, description: 'Not authorised. (Check Partner API Key).' },
  transaction_forbidden: { status: 403, description: 'This account may not perform this transaction.' },
  limit_reached: {
    status: 403,
    description: 'You have reached the maximum number of allowed webhook endpoints.',
  },
  insufficient_pin_balance: {
    status: 402,
    description: 'There are not enough funds available to process this transfer',
  },
  not_found: { status: 404, description: 'The requested resource could not be found.' },
  resource_not_found: { status: 404, description: 'No resource was found at this URL.' },
  idempotency_key_in_use: {
    status: 409,
    description: 'A request with this Idempotency-Key is still being processed. Retry it later.',
  },
  idempotency_key_reused: {
    status: 422,
    description: 'This Idempotency-Key was already used with a different request.',
  },
  request_too_large: { status: 413, description: 'The request body is too large.' },
  unsupported_media_type: {
    status: 415,
    description: 'Send the request body as application/x-www-form-urlencoded or application/json.',
  },
  throttled: {
    status: 503,
    description: 'You have gone over your allotted amount of requests and have been throttled.',
  },
  conflict: { status: 409, description: 'The resource was changed by another request. Retry the request.' },
  service_unavailable: {
    status: 503,
    description: 'The request took too long to process. Retry it with the same Idempotency-Key.',
  },
  internal_error: {
    status: 500,
    description: 'Sorry, an unknown error has occurred. This is being investigated',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/**
 * A 404 worded as Pin's `not_found` ("The requested resource could not be found."), whichever
 * code the route's 404 has: Pin's subscription endpoints answer so (docs/api/behaviour.md,
 * "Plans and subscriptions"), and so did GET /events/{token} for an unknown event when recorded in 2024
 * (issue 41). The webhook and webhook endpoint routes, with no recording, keep the reference's
 * "No resource was found at this URL.".
 */
export const requestedResourceNotFound = (code: 'not_found' | 'resource_not_found'): PinError =>
  new PinError(code, { description: errorCatalogue.not_found.description });

/** One problem with one request parameter; `param` writes nesting with brackets (`card[number]`). */
export interface FieldIssue {
  param: string;
  code: string;
  message: string;
}

/** A message without a code, as the subscription endpoints write theirs (docs/api/requests.md, "Errors"). */
export type ParamMessage = Pick<FieldIssue, 'param' | 'message'>;

export interface PinErrorOptions {
  description?: string;
  /** Where one code answers with two statuses (invalid_resource is 400 on the subscription endpoints). */
  status?: number;
  messages?: (FieldIssue | ParamMessage)[];
  /** The payment the error is about (a declined charge, a refused capture): the body names its token. */
  payment?: PaymentNamed;
}

/** A charge or an authorisation by its token: Pin's error body shows it as `charge_token` or `authorisation_token`. */
export interface PaymentNamed {
  kind: 'charge' | 'authorisation';
  token: string;
}

/** An expected failure with a Pin error body. 4xx texts are shown to the caller as they are. */
export class PinError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly description: string;
  readonly messages: (FieldIssue | ParamMessage)[] | undefined;
  readonly payment: PaymentNamed | undefined;

  constructor(code: ErrorCode, options: PinErrorOptions = {}) {
    const entry = errorCatalogue[code];
    super(options.description ?? entry.description);
    this.name = 'PinError';
    this.code = code;
    this.status = options.status ?? entry.status;
    this.description = options.description ?? entry.description;
    this.messages = options.messages;
    this.payment = options.payment;
  }
}

/** A 422 invalid_resource listing every problem at once. */
export const invalidResource = (messages: FieldIssue[]): PinError =>
  new PinError('invalid_resource', { messages });

/**
 * The message Pin writes for a parameter: `card[address_line1]` → "Card address line1 <phrase>".
 * A phrase that is a whole sentence (it starts with a capital) is the message as it is: Pin
 * names some fields its own way, whatever the parameter ("Card number is not valid" for `number`).
 */
export const fieldIssue = (param: string, phrase: string): FieldIssue => ({
  param,
  code: `${param.replace(/\]\[|\[|\]/g, (m) => (m === ']' ? '' : '_'))}_invalid`,
  message: /^[A-Z]/.test(phrase) ? phrase : `${humanise(param)} ${phrase}`,
});

const humanise = (param: string): string => {
  const words = param
    .replace(/\]\[|\[|\]/g, ' ')
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
