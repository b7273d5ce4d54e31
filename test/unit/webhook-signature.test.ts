import { createHmac } from 'node:crypto';
import { verifyPinSignature } from '@wattle/verify-webhook';
import { signPinSignature } from '@wattle/webhooks';
import { describe, expect, it } from 'vitest';

const key = 'whk_test_key';
const body = '{"token":"evt_1","type":"customer.created","data":{},"created_at":"2026-11-21T05:00:00Z"}';
const at = new Date('2026-11-21T05:00:00Z');

describe('Pin-Signature', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" under the endpoint key>', () => {
    const t = at.getTime() / 1000;
    const hex = createHmac('sha256', key).update(`${t}.${body}`).digest('hex');
    expect(signPinSignature(body, key, at)).toBe(`t=${t},v1=${hex}`);
  });

  it('verifies with the same key and body, within the tolerance', () => {
    const header = signPinSignature(body, key, at);
    expect(verifyPinSignature(header, body, key, { now: at })).toBe(true);
    expect(
      verifyPinSignature(header, Buffer.from(body), key, { now: new Date(at.getTime() + 299_000) }),
    ).toBe(true);
  });

  it('fails for a tampered body, another key, or a stale or future timestamp', () => {
    const header = signPinSignature(body, key, at);
    expect(verifyPinSignature(header, body.replace('evt_1', 'evt_2'), key, { now: at })).toBe(false);
    expect(verifyPinSignature(header, body, 'another key', { now: at })).toBe(false);
    expect(verifyPinSignature(header, body, key, { now: new Date(at.getTime() + 301_000) })).toBe(false);
    expect(verifyPinSignature(header, body, key, { now: new Date(at.getTime() - 301_000) })).toBe(false);
    expect(
      verifyPinSignature(header, body, key, {
        now: new Date(at.getTime() + 3600_000),
        toleranceSeconds: 3600,
      }),
    ).toBe(true);
  });

  it('fails for missing or malformed headers', () => {
    const good = signPinSignature(body, key, at);
    const v1 = good.split(',')[1]!;
    for (const header of [
      undefined,
      null,
      '',
      'garbage',
      v1,
      `t=abc,${v1}`,
      `t=1,t=2,${v1}`,
      good.replace(/v1=/, 'v0='),
    ]) {
      expect(verifyPinSignature(header, body, key, { now: at }), String(header)).toBe(false);
    }
  });

  it('accepts any matching v1 among several (key rotation), with spaces around the parts', () => {
    const good = signPinSignature(body, key, at);
    const [t, v1] = good.split(',');
    expect(verifyPinSignature(`${t}, v1=${'0'.repeat(64)}, ${v1}`, body, key, { now: at })).toBe(true);
  });
});
