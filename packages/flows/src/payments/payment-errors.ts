import { type ErrorCode, type Payment, PinError } from '@wattle/domain';

/** A refused void or capture answers with the record's token, as Pin's errors do. */
export const transitionRefused = (code: ErrorCode, payment: Payment): PinError =>
  new PinError(code, {
    payment: { kind: payment.kind, token: payment.token },
  });
