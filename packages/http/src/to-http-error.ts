import { PinError } from '@wattle/domain';

export interface ErrorResponse {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Any error as Pin's error body. A PinError shows its code, text and messages; anything else is a
 * bug or an outage and shows a generic 500 with no detail.
 */
export const toHttpError = (error: unknown): ErrorResponse => {
  if (error instanceof PinError) {
    return {
      status: error.status,
      body: {
        error: error.code,
        error_description: error.description,
        ...(error.messages ? { messages: error.messages } : {}),
        ...(error.extra ?? {}),
      },
    };
  }
  const internal = new PinError('internal_error');
  return { status: internal.status, body: { error: internal.code, error_description: internal.description } };
};
