import { bodyLimits } from '@wattle/http';
import { describe, expect, it } from 'vitest';
import { fieldsOf, readBody } from '../../../packages/http/src/middlewares/read-body.ts';
import type { ApiEvent } from '../../../packages/http/src/middlewares/types.ts';
import { apiEvent, run } from './harness.ts';

const form = 'application/x-www-form-urlencoded';
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

/** The fields the handler sees for a POST body sent with `contentType`. */
const read = async (body: string, contentType?: string, isBase64Encoded = false): Promise<unknown> => {
  const event = apiEvent({
    method: 'POST',
    body,
    isBase64Encoded,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
  });
  let seen: unknown;
  await run(
    readBody(),
    async (handled: ApiEvent) => {
      seen = fieldsOf(handled);
      return { statusCode: 200 };
    },
    event,
  );
  return seen;
};

describe('readBody', () => {
  it('decodes a form with the urlencode parser and nests its brackets', async () => {
    expect(
      plain(await read('card[number]=4200&card[expiry_month]=05&a[]=x&a[]=y&items[0][sku]=s', form)),
    ).toEqual({
      card: { number: '4200', expiry_month: '05' },
      a: ['x', 'y'],
      items: [{ sku: 's' }],
    });
  });

  it('reads a form without a Content-Type, or with odd spacing and case, as a form', async () => {
    expect(plain(await read('a=1'))).toEqual({ a: '1' });
    expect(plain(await read('a=1', 'Application/X-WWW-Form-Urlencoded ; charset=utf-8'))).toEqual({ a: '1' });
  });

  it('reads JSON bodies and base64 bodies', async () => {
    expect(plain(await read('{"amount":400}', 'application/json'))).toEqual({ amount: 400 });
    expect(plain(await read(Buffer.from('name=Roland').toString('base64'), form, true))).toEqual({
      name: 'Roland',
    });
    expect(plain(await read(Buffer.from('{"a":[1]}').toString('base64'), 'application/json', true))).toEqual({
      a: [1],
    });
  });

  it('gives prototype-less fields without prototype keys', async () => {
    const fields = (await read('__proto__[x]=1&a[constructor][prototype][y]=1&ok=1', form)) as object;
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(plain(fields)).toEqual({ ok: '1' });
  });

  it('refuses other media types (415), oversized bodies (413) and malformed JSON (400)', async () => {
    await expect(read('x', 'text/plain')).rejects.toMatchObject({ code: 'unsupported_media_type' });
    await expect(read(`a=${'x'.repeat(bodyLimits.maxBodyBytes)}`, form)).rejects.toMatchObject({
      code: 'request_too_large',
    });
    await expect(read('{"a":', 'application/json')).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('refuses more parameters than the limit, which the parser alone would cut silently', async () => {
    const many = Array.from({ length: bodyLimits.maxParameters + 1 }, (_, i) => `p${i}=1`).join('&');
    await expect(read(many, form)).rejects.toMatchObject({ code: 'bad_request', status: 400 });
    const most = Array.from({ length: bodyLimits.maxParameters }, (_, i) => `p${i}=1`).join('&');
    expect(Object.keys((await read(most, form)) as object)).toHaveLength(bodyLimits.maxParameters);
  });

  it('reads an empty body as no fields', async () => {
    expect(plain(await read('', form))).toEqual({});
  });
});
