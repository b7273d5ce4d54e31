import { PinError } from '@wattle/domain';
import { bodyLimits, parseBody, parseForm, parseJson } from '@wattle/http';
import { describe, expect, it } from 'vitest';

const form = 'application/x-www-form-urlencoded';

describe('form bodies', () => {
  it('nests brackets and reads arrays', () => {
    const body = parseBody(
      'email=a%40b.co&card[number]=4200000000000000&card[expiry_month]=05&metadata[order]=7&customer_permissions[]=cancel',
      false,
      `${form}; charset=utf-8`,
    );
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      email: 'a@b.co',
      card: { number: '4200000000000000', expiry_month: '05' },
      metadata: { order: '7' },
      customer_permissions: ['cancel'],
    });
  });

  it('reads base64 bodies as API Gateway may send them', () => {
    const raw = Buffer.from('name=Roland').toString('base64');
    expect(parseBody(raw, true, form).name).toBe('Roland');
  });

  it('drops prototype keys', () => {
    const body = parseForm('__proto__[polluted]=1&constructor[prototype][x]=1&ok=1');
    expect(Object.keys(body)).toEqual(['ok']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses nesting deeper than the limit with a 400', () => {
    const deep = `a${'[b]'.repeat(bodyLimits.maxDepth + 1)}=1`;
    expect(() => parseForm(deep)).toThrow(expect.objectContaining({ code: 'bad_request', status: 400 }));
  });

  it('refuses too many parameters with a 400', () => {
    const many = Array.from({ length: bodyLimits.maxParameters + 1 }, (_, i) => `p${i}=1`).join('&');
    expect(() => parseForm(many)).toThrow(expect.objectContaining({ code: 'bad_request' }));
  });
});

describe('JSON bodies', () => {
  it('keeps numbers and nesting', () => {
    const body = parseBody('{"amount":400,"card":{"expiry_month":5}}', false, 'application/json');
    expect(JSON.parse(JSON.stringify(body))).toEqual({ amount: 400, card: { expiry_month: 5 } });
  });

  it('answers malformed JSON, arrays and scalars with a 400', () => {
    for (const raw of ['{"a":', '[1,2]', '"text"', 'null']) {
      expect(() => parseBody(raw, false, 'application/json'), raw).toThrow(
        expect.objectContaining({ code: 'bad_request', status: 400 }),
      );
    }
  });

  it('drops __proto__ keys that JSON.parse makes own properties', () => {
    const body = parseBody(
      '{"__proto__":{"admin":true},"x":{"constructor":1,"y":2}}',
      false,
      'application/json',
    );
    expect(JSON.parse(JSON.stringify(body))).toEqual({ x: { y: 2 } });
  });

  it('reads a null as a parameter not given, at every depth of the parameters (issue 41)', () => {
    const body = parseJson(
      JSON.stringify({
        email: 'a@b.co',
        capture: null,
        card_token: null,
        card: { number: '4200000000000000', address_state: null, address_line2: null },
        platform_adjustment: { amount: null, currency: 'AUD' },
        items: [{ a: null, b: 1 }, null],
      }),
    );
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      email: 'a@b.co',
      card: { number: '4200000000000000' },
      platform_adjustment: { currency: 'AUD' },
      items: [{ b: 1 }, null],
    });
  });

  it("keeps a metadata object's nulls (the merchant's own values) and a route's meaningful nulls", () => {
    const raw = JSON.stringify({ metadata: { order: null, ok: '1' }, card_token: null, notes: null });
    expect(JSON.parse(JSON.stringify(parseJson(raw)))).toEqual({ metadata: { order: null, ok: '1' } });
    expect(JSON.parse(JSON.stringify(parseJson(raw, ['card_token'])))).toEqual({
      metadata: { order: null, ok: '1' },
      card_token: null,
    });
    // A metadata sent as null is a metadata not given.
    expect(Object.keys(parseJson('{"metadata":null}'))).toEqual([]);
  });

  it('refuses JSON nested deeper than the limit', () => {
    const deep = `${'{"a":'.repeat(bodyLimits.maxDepth + 2)}1${'}'.repeat(bodyLimits.maxDepth + 2)}`;
    expect(() => parseBody(deep, false, 'application/json')).toThrow(PinError);
  });
});

describe('content types and sizes', () => {
  it('answers an unsupported content type with 415', () => {
    expect(() => parseBody('x', false, 'text/plain')).toThrow(
      expect.objectContaining({ code: 'unsupported_media_type', status: 415 }),
    );
  });

  it('answers an oversized body with 413', () => {
    const big = `a=${'x'.repeat(bodyLimits.maxBodyBytes)}`;
    expect(() => parseBody(big, false, form)).toThrow(
      expect.objectContaining({ code: 'request_too_large', status: 413 }),
    );
  });

  it('reads an empty body as no fields', () => {
    expect(Object.keys(parseBody('', false, undefined))).toEqual([]);
  });
});
