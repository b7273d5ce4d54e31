import { PinError } from '@wattle/domain';
import { Unavailable } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { pinErrors } from '../../../packages/http/src/middlewares/pin-errors.ts';
import { fakeLogger, run } from './harness.ts';

const failing = (error: Error) => async () => {
  throw error;
};

describe('pinErrors', () => {
  it("answers a PinError with Pin's error body and status, without logging it", async () => {
    const { logger, asLogger } = fakeLogger();
    const response = await run([pinErrors(asLogger)], failing(new PinError('not_found')));
    expect(response.statusCode).toBe(404);
    expect(response.headers?.['Content-Type']).toMatch(/^application\/json/);
    expect(JSON.parse(response.body as string)).toEqual({
      error: 'not_found',
      error_description: 'The requested resource could not be found.',
    });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('answers an unexpected error with a detail-free 500 and logs it', async () => {
    const { logger, asLogger } = fakeLogger();
    const response = await run([pinErrors(asLogger)], failing(new Error('secret table name')));
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret table name');
    expect(JSON.parse(response.body as string).error).toBe('internal_error');
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it('answers DynamoDB throttling with a 503 and Retry-After, logged as a warning', async () => {
    const { logger, asLogger } = fakeLogger();
    // What the store throws when DynamoDB throttles past the SDK's retries.
    const throttled = new Unavailable('throttled', {
      cause: Object.assign(new Error('slow down'), { name: 'ThrottlingException' }),
    });
    const response = await run([pinErrors(asLogger)], failing(throttled));
    expect(response.statusCode).toBe(503);
    expect(response.headers?.['Retry-After']).toBe('1');
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(logger.error).not.toHaveBeenCalled();
  });
});
