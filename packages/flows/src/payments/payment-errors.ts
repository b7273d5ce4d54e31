import { type ErrorCode, errorCatalogue, type Payment, PinError } from '@wattle/domain';

/** A declined payment is recorded; the error names it, as Pin's does. */
export const declined = (payment: Payment): PinError =>
  new PinError(payment.decline!, {
    description: errorCatalogue[payment.decline!].description,
    payment: { kind: payment.kind, token: payment.token },
  });

/** A refused void or capture answers with the record's token, as Pin's errors do. */
export const transitionRefused = (code: ErrorCode, payment: Payment): PinError =>
  new PinError(code, {
    payment: { kind: payment.kind, token: payment.token },
  });
