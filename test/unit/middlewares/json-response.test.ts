import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../packages/http/src/middlewares/json-response.ts';
import { ok, run } from './harness.ts';

describe('jsonResponse', () => {
  it('serialises the body as UTF-8 JSON, keeping the headers given', async () => {
    const response = await run([], async () => jsonResponse(201, { id: 'ch_1' }, { 'Retry-After': '1' }));
    expect(response).toEqual({
      statusCode: 201,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '1' },
      body: '{"id":"ch_1"}',
    });
  });

  it('answers 204, or no body, with an empty body and no content type', async () => {
    expect(jsonResponse(204, { ignored: true })).toEqual({ statusCode: 204, headers: {}, body: '' });
    expect(jsonResponse(200, undefined, { 'X-A': '1' })).toEqual({
      statusCode: 200,
      headers: { 'X-A': '1' },
      body: '',
    });
    expect((await run([], ok)).statusCode).toBe(200);
  });
});
