import { PinError } from '@wattle/domain';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../packages/http/src/middlewares/json-response.ts';
import { jsonp } from '../../../packages/http/src/middlewares/jsonp.ts';
import { pinErrors } from '../../../packages/http/src/middlewares/pin-errors.ts';
import { fakeLogger, ok, run, withRequest } from './harness.ts';

describe('jsonp', () => {
  it('wraps the answer of a JSONP request as a script calling the callback', async () => {
    const response = await run([jsonp(), withRequest({ jsonpCallback: 'Pin.cb' })], async () =>
      jsonResponse(201, { response: { token: 'card_1' } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['Content-Type']).toBe('application/javascript; charset=utf-8');
    expect(response.body).toBe('Pin.cb({"response":{"token":"card_1"}});');
  });

  it('answers errors with 200 too, the error body inside the callback', async () => {
    const response = await run(
      [jsonp(), withRequest({ jsonpCallback: 'cb' }), pinErrors(fakeLogger().asLogger)],
      async () => {
        throw new PinError('unauthenticated');
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^cb\(\{"error":"unauthenticated",.*\}\);$/);
  });

  it('leaves other requests alone', async () => {
    const response = await run([jsonp(), withRequest({ jsonpCallback: null })], ok);
    expect(response).toEqual(await ok(undefined as never));
  });
});
