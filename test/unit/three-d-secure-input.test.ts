import { reservedPayment, threeDSecureFor } from '@wattle/domain';
import { threeDSecureSchema, validate } from '@wattle/wire';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { aCard, aPaymentOrder } from '../helpers/builders.ts';

const schema = v.object({ three_d_secure: v.optional(threeDSecureSchema) });
const parse = (threeDSecure: Record<string, unknown>) => validate(schema, { three_d_secure: threeDSecure });
const issuesOf = (threeDSecure: Record<string, unknown>) => {
  try {
    parse(threeDSecure);
  } catch (error) {
    return (error as { messages: { param: string; message: string }[] }).messages;
  }
  throw new Error('expected the input to be refused');
};

const passThrough = {
  version: '2.2.0',
  eci: '05',
  cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
  transaction_id: 'f25084f0-5b16-4c0a-ae5d-b24808571d7e',
};

describe('three_d_secure, pass-through form', () => {
  it("takes the merchant's own authentication, in any 3-D Secure version", () => {
    expect(parse(passThrough).three_d_secure).toEqual({
      version: '2.2.0',
      eci: '05',
      cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
      transactionId: 'f25084f0-5b16-4c0a-ae5d-b24808571d7e',
    });
    const hexCavv = '0123456789abcdef0123456789ABCDEF01234567';
    expect(parse({ ...passThrough, version: '2.1.0', cavv: hexCavv }).three_d_secure).toMatchObject({
      cavv: hexCavv,
    });
    // Version 1: the XID, base64 of 20 bytes, stands for the transaction id.
    const xid = 'MDAwMDAwMDAwMDAwMDAwMDAwMDE=';
    expect(parse({ ...passThrough, version: '1.0.2', transaction_id: xid }).three_d_secure).toMatchObject({
      transactionId: xid,
    });
  });

  it('takes the values clients send: unpadded, URL-safe or hex CAVVs, a base64 or hex XID for any version', () => {
    // Active Merchant's: version 1.0.2, ECI 06, a 27-character CAVV (20 bytes, unpadded), a base64 XID.
    const activeMerchant = {
      version: '1.0.2',
      eci: '06',
      cavv: 'AgAAAAAAAIR8CQrXcIhbQAAAAAA',
      transaction_id: 'MDAwMDAwMDAwMDAwMDAwMzIyNzY=',
    };
    expect(parse(activeMerchant).three_d_secure).toEqual({
      version: '1.0.2',
      eci: '06',
      cavv: 'AgAAAAAAAIR8CQrXcIhbQAAAAAA',
      transactionId: 'MDAwMDAwMDAwMDAwMDAwMzIyNzY=',
    });
    for (const shape of [
      { cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA' },
      { cavv: 'AJkBBkhgQQAAAE4gSEJydQAAAAA_-w' },
      { cavv: 'kBMI1TIlBgAAAAAAAAAAAAAAAAA=' },
      // A version 2 authentication with the XID-shaped id some clients send in its place.
      { version: '2.1.0', transaction_id: 'MDAwMDAwMDAwMDAwMDAwMzIyNzY=' },
      { transaction_id: '3030303030303030303030303030303030323237' },
      { version: '2.3.1', eci: '07' },
    ]) {
      expect(() => parse({ ...activeMerchant, ...shape }), JSON.stringify(shape)).not.toThrow();
    }
  });

  it('names each malformed field', () => {
    expect(
      issuesOf({ version: '3.0', eci: '5', cavv: 'short', transaction_id: 'not a uuid' }).map((i) => i.param),
    ).toEqual([
      'three_d_secure[version]',
      'three_d_secure[eci]',
      'three_d_secure[cavv]',
      'three_d_secure[transaction_id]',
    ]);
    expect(issuesOf({ ...passThrough, eci: '08' })).toEqual([
      expect.objectContaining({ message: 'Three d secure eci must be two digits from 00 to 07' }),
    ]);
    expect(issuesOf({ ...passThrough, cavv: 'AAAA BBBB CCCC' })).toEqual([
      expect.objectContaining({ message: 'Three d secure cavv must be base64 or hex' }),
    ]);
    expect(issuesOf({ ...passThrough, version: '1.0.2', transaction_id: 'x'.repeat(65) })).toEqual([
      expect.objectContaining({
        param: 'three_d_secure[transaction_id]',
        message: expect.stringMatching(/64/),
      }),
    ]);
  });

  it('refuses half a pass-through, naming what is missing', () => {
    expect(issuesOf({ eci: '05', cavv: passThrough.cavv })).toEqual([
      expect.objectContaining({
        param: 'three_d_secure[version]',
        message: "Three d secure version can't be blank",
      }),
      expect.objectContaining({ param: 'three_d_secure[transaction_id]' }),
    ]);
  });

  it('refuses the two forms mixed, naming the redirect-form params sent', () => {
    const issues = issuesOf({ enabled: 'true', callback_url: 'https://shop.example/back', eci: '05' });
    expect(issues.map((i) => i.param)).toEqual([
      'three_d_secure[version]',
      'three_d_secure[cavv]',
      'three_d_secure[transaction_id]',
      'three_d_secure[enabled]',
      'three_d_secure[callback_url]',
    ]);
    expect(issues.at(-1)?.message).toBe(
      'Three d secure callback url cannot be given together with version, eci, cavv and transaction_id (one form or the other)',
    );
    expect(issuesOf({ ...passThrough, fallback_ok: 'false' }).map((i) => i.param)).toEqual([
      'three_d_secure[fallback_ok]',
    ]);
  });
});

describe('three_d_secure, redirect form', () => {
  it('takes an http or https callback_url', () => {
    expect(parse({ enabled: 'true', callback_url: 'http://shop.example/back' }).three_d_secure).toEqual({
      enabled: true,
      callbackUrl: 'http://shop.example/back',
      fallbackOk: false,
    });
  });

  it('refuses a callback_url that is no URL at all', () => {
    expect(issuesOf({ enabled: 'true', callback_url: 'not a url' })).toEqual([
      expect.objectContaining({ message: 'Three d secure callback url is not a valid URL' }),
    ]);
  });

  it('refuses a callback_url that is no web address', () => {
    for (const url of ['javascript:alert(document.cookie)', 'data:text/html,hi', 'ftp://shop.example/back']) {
      expect(issuesOf({ enabled: 'true', callback_url: url }), url).toEqual([
        {
          param: 'three_d_secure[callback_url]',
          code: 'three_d_secure_callback_url_invalid',
          message: 'Three d secure callback url must be an http or https URL',
        },
      ]);
    }
  });
});

describe('3-D Secure for a payment', () => {
  const authentication = {
    version: '2.2.0',
    eci: '02',
    cavv: passThrough.cavv,
    transactionId: passThrough.transaction_id,
  };
  const session = () => 'se_1';
  const visa = aCard();
  const mastercard = { ...visa, scheme: 'master' };

  it('passes the authentication through in either environment, whichever scheme and ECI (the scheme judges)', () => {
    for (const environment of ['test', 'live'] as const) {
      for (const cardTakesPart of [false, true]) {
        expect(threeDSecureFor(authentication, environment, cardTakesPart, session)).toEqual({
          passThrough: authentication,
        });
      }
    }
  });

  it('opens a session only for the redirect form where 3-D Secure runs', () => {
    const ask = { enabled: true, callbackUrl: 'https://shop.example/back', fallbackOk: false };
    expect(threeDSecureFor(ask, 'live', true, session)).toEqual({ sessionToken: 'se_1', ask });
    expect(threeDSecureFor(null, 'live', true, session)).toBeNull();
    expect(threeDSecureFor({ ...ask, fallbackOk: true }, 'test', true, session)).toBeNull();
  });

  it('reserves a pass-through payment as processing, the authentication recorded', () => {
    const order = aPaymentOrder();
    const source = { card: mastercard, owner: { customerToken: null, primary: null }, customerToken: null };
    const now = new Date('2026-11-24T00:00:00Z');
    expect(reservedPayment(order, 'ch_1', source, { passThrough: authentication }, now)).toMatchObject({
      state: 'processing',
      threeDSecure: null,
      threeDSecurePassThrough: authentication,
    });
    expect(reservedPayment(order, 'ch_2', source, null, now)).not.toHaveProperty('threeDSecurePassThrough');
  });
});
