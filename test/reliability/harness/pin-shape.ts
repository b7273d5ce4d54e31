import { expect } from 'vitest';
import type { CallResult } from './in-process-api.ts';

/**
 * Whether a body is Pin's error body: `error` and `error_description` strings, and when present
 * `messages` as a list of `{param, message}` (with `code`, except on the subscription endpoints).
 */
export const isPinErrorBody = (body: unknown): boolean => {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const { error, error_description: description, messages } = body as Record<string, unknown>;
  if (typeof error !== 'string' || error === '' || typeof description !== 'string') return false;
  if (messages === undefined) return true;
  return (
    Array.isArray(messages) &&
    messages.every(
      (m) =>
        m !== null &&
        typeof m === 'object' &&
        typeof (m as Record<string, unknown>).param === 'string' &&
        typeof (m as Record<string, unknown>).message === 'string',
    )
  );
};

/** A retryable failure: 503, Pin's error body, and a Retry-After in seconds. */
export const expectRetryable = (res: CallResult): void => {
  expect(res.status, res.text).toBe(503);
  expect(isPinErrorBody(res.body), res.text).toBe(true);
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
};

/** What the prototypes of plain objects and arrays hold now: a polluting request would add to it. */
export const prototypeSnapshot = (): string =>
  [Object.prototype, Array.prototype, Function.prototype]
    .map((proto) => Object.getOwnPropertyNames(proto).sort().join(','))
    .join('|');
